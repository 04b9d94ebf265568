// `trellis/fastify`: `import type {} from 'trellis/fastify'` types `app.fastify` as Fastify's
// instance. It is a subpath of its own because it needs the optional fastify package's types.
import type { FastifyInstance } from 'fastify';

declare module '../../optional/peer-types' {
  interface OptionalPeerTypes {
    fastify: FastifyInstance;
  }
}

/** Fastify's instance type, as `app.fastify` has it. */
export type { FastifyInstance };
