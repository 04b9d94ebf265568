'use strict';
// The measured routes: how autocannon calls each one and the exact answer every stack must give.

const VALIDATE_BODY = { name: 'Ada', email: 'ada@example.com', age: 36 };
// The exact list every stack answers `GET /items` with (compiled from stacks/fixtures.ts).
const { ITEMS } = require('../stacks/fixtures');

/** @param {string} token the bench access token */
function routes(token) {
  const guarded = {
    name: 'protected',
    label: 'GET /protected',
    method: 'GET',
    path: '/protected',
    headers: { authorization: `Bearer ${token}` },
    status: 200,
    body: { username: 'ada', role: 'manager' },
  };
  return [
    { name: 'hello', label: 'GET /hello', method: 'GET', path: '/hello', status: 200, body: { message: 'Hello, World!' } },
    {
      name: 'user',
      label: 'GET /users/:id',
      method: 'GET',
      path: '/users/42',
      status: 200,
      body: { id: '42', name: 'User 42' },
    },
    {
      name: 'validate',
      label: 'POST /validate',
      method: 'POST',
      path: '/validate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(VALIDATE_BODY),
      status: 201,
      body: VALIDATE_BODY,
    },
    guarded,
    {
      // The same route, but the connections share 8,192 tokens out between them, so a token
      // comes round again only after about 8,000 others: what a server with many clients pays
      // when it meets a token for the first time (the answer is checked with `token`).
      ...guarded,
      name: 'protected-fresh',
      label: 'GET /protected (new token each time)',
      freshTokens: 8_192,
    },
    {
      // A list of 50 objects of 6 fields: what serialization costs (Fastify with its response schema).
      name: 'items',
      label: 'GET /items (50 objects)',
      method: 'GET',
      path: '/items',
      status: 200,
      body: ITEMS,
    },
    {
      name: 'scoped',
      label: 'GET /scoped (request scope)',
      method: 'GET',
      path: '/scoped',
      status: 200,
      body: { message: 'Hello, World!', scope: 'request' },
    },
  ];
}

module.exports = { routes };
