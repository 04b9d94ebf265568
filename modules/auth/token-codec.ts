import { createSecretKey, type KeyObject, randomUUID } from 'node:crypto';
import type * as Jwt from 'jsonwebtoken';
import type { JwtAlgorithm } from './auth-options';
import type { AuthenticatedUser } from './caller';
import type { TokenClaims, TokenType } from './token-claims';
import { VerifiedTokenCache } from './verified-token-cache';

// jsonwebtoken, with the semver it loads, is a twentieth of a second of start-up: it is loaded by
// the first token signed or checked, not before the first answer.
let jwtModule: typeof Jwt | undefined;
const jwt = (): typeof Jwt => {
  jwtModule ??= require('jsonwebtoken') as typeof Jwt;
  return jwtModule;
};

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
  private readonly signOptions: Jwt.SignOptions;
  private readonly verifyOptions: Jwt.VerifyOptions & { complete?: false };
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
    return jwt().sign(claims, this.key, this.signOptions);
  }

  /** The claims (frozen) of a token signed here and still alive, or why it is refused. */
  verify(token: string): TokenClaims | TokenFailure {
    const known = this.verified.get(token);
    if (known) return known;
    const { verify, TokenExpiredError } = jwt();
    try {
      const payload = verify(token, this.key, this.verifyOptions);
      if (!isClaims(payload)) return 'invalid';
      return this.verified.set(token, payload);
    } catch (err) {
      return err instanceof TokenExpiredError ? 'expired' : 'invalid';
    }
  }
}
