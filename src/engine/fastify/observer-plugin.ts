import type { FastifyInstance } from 'fastify';
import type { RequestObserver } from '../../observability/request-observer';

/**
 * A root-level plugin that shows every request to the observer first, in an `onRequest` hook
 * ahead of the middleware's. It reads the observer when Fastify loads it (at `ready()`); without
 * one it adds no hook, so requests pay for nothing.
 */
export function observerPlugin(observer: () => RequestObserver | undefined) {
  async function observeRequests(fastify: FastifyInstance): Promise<void> {
    const observe = observer();
    if (!observe) return;
    fastify.addHook('onRequest', (request, reply, done) => {
      observe(request.raw, reply.raw);
      done();
    });
  }
  // Not encapsulated: every route and the not-found handler are observed.
  return Object.assign(observeRequests, { [Symbol.for('skip-override')]: true });
}
