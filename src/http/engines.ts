import type { Engine, EngineName, EngineOptions } from '../engine/engine';
import { engineError } from '../engine/engine-errors';
import { loadOptional } from '../optional';

// Each engine is loaded only when chosen, so an Express app never loads Fastify and vice versa.
const factories: Record<EngineName, (options: EngineOptions) => Engine> = {
  express: (options) => new (require('../engine/express/express-engine').ExpressEngine)(options),
  fastify: (options) => {
    loadOptional('fastify', "The 'fastify' engine");
    loadOptional('@fastify/middie', "The 'fastify' engine");
    return new (require('../engine/fastify/fastify-engine').FastifyEngine)(options);
  },
};

/** The engine called `name`. */
export function createEngine(name: EngineName, options: EngineOptions): Engine {
  const factory = factories[name];
  if (!factory) throw engineError('TRELLIS_ERR_UNKNOWN_ENGINE', String(name));
  return factory(options);
}
