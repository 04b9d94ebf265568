'use strict';
// The benchmark's access token: HS256, the claims Trellis's auth module issues, valid for a day.
const jwt = require('jsonwebtoken');
const { BENCH_SESSION_ID, BENCH_TOKEN_ID, BENCH_USER, JWT_KEY } = require('../stacks/fixtures');

const DAY = 86_400;

/** Signs the token every stack's GET /protected is measured with (another `jti`: another token). */
function benchToken(jti = BENCH_TOKEN_ID) {
  const iat = Math.floor(Date.now() / 1000);
  const { id, username, email, role, permissions } = BENCH_USER;
  return jwt.sign(
    { sub: id, username, email, role, permissions, type: 'access', sid: BENCH_SESSION_ID, jti, iat, exp: iat + DAY },
    // The KeyObject: given the string, jsonwebtoken parses it again for every token signed.
    JWT_KEY,
    { algorithm: 'HS256' },
  );
}

/**
 * `count` distinct tokens of the bench session. Presented in turn, more of them than Trellis's
 * verified-token cache holds (4,096), each one has left the cache before it comes round again:
 * every request pays the full signature check.
 */
function freshTokens(count) {
  return Array.from({ length: count }, (_, i) => benchToken(`bench-access-token-${i}`));
}

module.exports = { benchToken, freshTokens };
