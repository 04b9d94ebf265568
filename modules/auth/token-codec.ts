import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { AuthenticatedUser } from '../../src/routing/request-context';
import type { JwtAlgorithm } from './auth-options';
import type { TokenClaims, TokenType } from './token-claims';
import { VerifiedTokenCache } from './verified-token-cache';

/** Why a token was refused: its lifetime is over, or it is not a token signed here. */
export type TokenFailure = 'expired' | 'invalid';

function isClaims(payload: unknown): payload is TokenClaims {
  const claims = payload as Partial<TokenClaims> | null;
  return (
    typeof claims === 'object' &&
    claims !== null &&
    (claims.type === 'access' || claims.type === 'refresh') &&
    typeof claims.sid === 'string' &&
    typeof claims.jti === 'string' &&
    typeof claims.exp === 'number'
  );
}

/**
 * Signs and verifies tokens with one algorithm, pinned both ways, and a `KeyObject`: given a
 * string, jsonwebtoken 9 first tries `createPublicKey` on every verify, about 50 times slower.
 */
export class TokenCodec {
  private readonly key: KeyObject;
  private readonly signOptions: jwt.SignOptions;
  private readonly verifyOptions: jwt.VerifyOptions & { complete?: false };
  private readonly verified = new VerifiedTokenCache();

  constructor(
    secret: string,
    algorithm: JwtAlgorithm,
    private readonly ttl: Readonly<Record<TokenType, number>>,
  ) {
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
    this.signOptions = { algorithm };
    this.verifyOptions = { algorithms: [algorithm] };
  }

  /** A token of `type` for `user` in session `sid`; `jti` is fresh unless the session chose it. */
  sign(user: AuthenticatedUser, type: TokenType, sid: string, jti: string = randomUUID()): string {
    const iat = Math.floor(Date.now() / 1000);
    const claims: TokenClaims = {
      sub: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      permissions: user.permissions,
      type,
      sid,
      jti,
      iat,
      exp: iat + this.ttl[type],
    };
    return jwt.sign(claims, this.key, this.signOptions);
  }

  /** The claims of a token signed here and still alive, or why it is refused. */
  verify(token: string): TokenClaims | TokenFailure {
    const known = this.verified.get(token);
    if (known) return known;
    try {
      const payload = jwt.verify(token, this.key, this.verifyOptions);
      if (!isClaims(payload)) return 'invalid';
      this.verified.set(token, payload);
      return payload;
    } catch (err) {
      return err instanceof jwt.TokenExpiredError ? 'expired' : 'invalid';
    }
  }
}
