/**
 * Access tokens refused before their expiry (a logout). Also the container token: bind a shared
 * implementation (Redis, say) so every instance refuses the same tokens.
 */
export abstract class TokenDenyList {
  /** Refuses the token `jti` until `exp`, the token's own expiry in seconds since the epoch. */
  abstract add(jti: string, exp: number): Promise<void>;
  /**
   * Whether the token `jti` is refused. A store that knows at once may answer without a promise:
   * guarded requests then cost none.
   */
  abstract has(jti: string): boolean | Promise<boolean>;
}
