/** The WebSocket close codes Trellis sends (RFC 6455, section 7.4.1; 4401 as graphql-ws uses it). */
export const CLOSE_CODES = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  POLICY_VIOLATION: 1008,
  INTERNAL_ERROR: 1011,
  /** The session ended or the token expired. */
  UNAUTHORIZED: 4401,
} as const;
