import type { ModuleHost, TrellisFeature } from '../kernel';
import { SESSION_REVOCATIONS, type SessionRevocations, type Unsubscribe } from '../websocket';
import { SSE_ROUTE } from './sse-decorators';
import { eventStreamHook, streamAdmissionHook, streamPlaceHook } from './sse-extension';
import { resolveSseLimits, type SseOptions } from './sse-options';
import { SSE_OPTIONS_SCHEMA } from './sse-options-schema';
import { SseStreams } from './sse-streams';

function install(app: ModuleHost, options: SseOptions | undefined): void {
  const streams = new SseStreams(resolveSseLimits(options), app.logger.child({ component: 'sse' }));
  let unsubscribe: Unsubscribe | undefined;
  app.pipeline.add(streamAdmissionHook(streams)).add(eventStreamHook(streams)).add(streamPlaceHook(streams));

  // A subscription (to Redis or PostgreSQL when instances share revocations): background work.
  app.service({
    name: 'event-stream revocations',
    start: async () => {
      if (!app.routes.some((route) => route.handler.get(SSE_ROUTE))) return;
      if (!app.container.isBound(SESSION_REVOCATIONS)) return;
      const revocations = app.container.get<SessionRevocations>(SESSION_REVOCATIONS);
      unsubscribe = await revocations.subscribe((revocation) => streams.sessions.revoke(revocation));
    },
    stop: () => unsubscribe?.(),
  });

  app.onShutdown(() => streams.closeAll());
}

/**
 * Serves `Sse` routes: streams their events, caps the streams of one client, and ends them when
 * the caller's session ends and when the application closes. Installed by `createApp` with its
 * `sse` option.
 */
export const sseModule: TrellisFeature<SseOptions | undefined> = {
  name: 'sse',
  option: 'sse',
  schema: SSE_OPTIONS_SCHEMA,
  install,
};
