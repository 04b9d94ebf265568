import type { EngineName } from '../../src/engine/engine';

/** The engines every HTTP spec runs on; `TRELLIS_ENGINES=express` narrows a run to one. */
export const ENGINES: EngineName[] = (process.env.TRELLIS_ENGINES?.split(',') as
  | EngineName[]
  | undefined) ?? ['express', 'fastify'];

/** Declares the same specs once per engine. */
export function forEachEngine(define: (engine: EngineName) => void): void {
  for (const engine of ENGINES) describe(`on ${engine}`, () => define(engine));
}
