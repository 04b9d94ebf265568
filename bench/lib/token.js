'use strict';
// The benchmark's access token: HS256, the claims Trellis's auth module issues, valid for a day.
const jwt = require('jsonwebtoken');
const { BENCH_SESSION_ID, BENCH_TOKEN_ID, BENCH_USER, JWT_SECRET } = require('../stacks/fixtures');

const DAY = 86_400;

/** Signs the token every stack's GET /protected is measured with. */
function benchToken() {
  const iat = Math.floor(Date.now() / 1000);
  const { id, username, email, role, permissions } = BENCH_USER;
  return jwt.sign(
    { sub: id, username, email, role, permissions, type: 'access', sid: BENCH_SESSION_ID, jti: BENCH_TOKEN_ID, iat, exp: iat + DAY },
    JWT_SECRET,
    { algorithm: 'HS256' },
  );
}

module.exports = { benchToken };
