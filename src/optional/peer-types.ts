/**
 * The types of optional peers that Trellis's public types would show, filled in by declaration
 * merging: importing `trellis/fastify` adds Fastify's instance, `trellis/redis` ioredis's client.
 * Without them the declarations compile in an application that has neither package installed.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface OptionalPeerTypes {}

/** Fastify's instance once `trellis/fastify` is imported; `unknown` before. */
export type FastifyNative = OptionalPeerTypes extends { fastify: infer F } ? F : unknown;
