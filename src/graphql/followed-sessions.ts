import type { ModuleHost } from '../kernel';
import { SESSION_REVOCATIONS, type SessionRevocations } from '../websocket';
import { SubscriptionSessions } from './subscription-sessions';

/**
 * With an authenticating guard installed, connections whose `connection_init` carries a token
 * follow its session: the guard compiled for WebSockets checks the token once and names the
 * session, and revocations close the connection as they close gateway sockets.
 */
export function followedSessions(app: ModuleHost): SubscriptionSessions | undefined {
  const auth = app.guards.authenticator();
  if (!auth || !app.container.isBound(SESSION_REVOCATIONS)) return undefined;
  const site = {
    className: 'GraphQL',
    methodName: 'connection_init',
    transport: 'ws' as const,
    container: app.container,
  };
  return new SubscriptionSessions(
    auth.compile([], site),
    app.container.get<SessionRevocations>(SESSION_REVOCATIONS),
  );
}
