/** The authenticated caller, as `CurrentUser()` gives it. */
export interface AuthenticatedUser {
  /** The user id, with the type the user provider gave it. */
  id: string | number;
  /** The name the caller logs in with. */
  username: string;
  /** The e-mail address, when the user provider has one. */
  email?: string;
  /** The role, which rbac ranks by level. */
  role: string;
  /** What the caller may do besides what the role allows. */
  permissions: string[];
}

/** The session a long-lived caller's token belongs to (a WebSocket, a subscription, an event stream). */
export interface ConnectionSession {
  /** The session id (`sid` of its tokens). */
  id: string;
  /** Whose session it is. */
  userId: string | number;
  /** When the token expires, in milliseconds since the epoch. */
  expiresAt: number;
}

declare module '../../src/kernel/extension-points' {
  interface ContextVariableMap {
    /** Set by the `Auth()` guard: the caller. */
    user: AuthenticatedUser;
    /** Set by the `Auth()` guard where the call outlives it: the connection ends with this session. */
    session: ConnectionSession;
    /** Set by the `Auth()` guard: the access token the caller presented, as `CurrentToken()` gives it. */
    accessToken: string;
  }
}
