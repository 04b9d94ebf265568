import { expect } from 'chai';
import { USER_PROVIDER, type UserProvider } from '../../../index';
import { createSampleApp } from '../../../sample/create-sample-app';
import type { Application } from '../../../src/app/application';
import { asUser } from '../../../testing';
import { type WalkState, type WalkStep, walkDocumentedSuccesses } from '../../support/documented-successes';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { DEMO_PASSWORD, specConfig } from '../support/sample-env';

const BOUNDARY = 'walk-boundary';

// A multipart body with one file field, as a browser's form sends it.
function multipartFile(field: string, filename: string, bytes: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

// The demo user of that name, as a token of its own (a real session, signed by the app's module).
async function as(app: Application, username: string): Promise<Record<string, string>> {
  const record = await app.container.get<UserProvider>(USER_PROVIDER).findByCredentials(username, '');
  if (!record) throw new Error(`no demo user ${username}`);
  const { passwordHash: _hash, ...user } = record;
  return asUser(app, user);
}

// One request per documented operation that should succeed, in an order that makes the ids the
// later ones need.
function steps(served: () => Served): WalkStep[] {
  const admin = (state: WalkState) => state.admin as Record<string, string>;
  return [
    {
      operation: 'POST /auth/login',
      request: () => ({
        method: 'POST',
        url: '/auth/login',
        body: { username: 'viewer', password: DEMO_PASSWORD },
      }),
      keep: (body, state) => {
        state.refreshToken = body.refreshToken;
      },
    },
    {
      operation: 'POST /auth/refresh',
      request: (state) => ({
        method: 'POST',
        url: '/auth/refresh',
        body: { refreshToken: state.refreshToken },
      }),
    },
    {
      operation: 'POST /auth/register',
      request: () => ({
        method: 'POST',
        url: '/auth/register',
        body: { username: 'walker', email: 'walker@example.com', password: 'Walker-pass-1' },
      }),
    },
    {
      operation: 'GET /auth/me',
      request: (state) => ({ method: 'GET', url: '/auth/me', headers: admin(state) }),
    },
    {
      operation: 'GET /protected',
      request: (state) => ({ method: 'GET', url: '/protected', headers: admin(state) }),
    },
    {
      operation: 'GET /admin-only',
      request: (state) => ({ method: 'GET', url: '/admin-only', headers: admin(state) }),
    },
    {
      operation: 'GET /manager-up',
      request: (state) => ({ method: 'GET', url: '/manager-up', headers: admin(state) }),
    },
    {
      operation: 'GET /users',
      request: (state) => ({ method: 'GET', url: '/users', headers: admin(state) }),
    },
    {
      operation: 'POST /users',
      request: (state) => ({
        method: 'POST',
        url: '/users',
        headers: admin(state),
        body: { username: 'walked', email: 'walked@example.com', password: 'Walked-pass-1', role: 'viewer' },
      }),
      keep: (body, state) => {
        state.userId = body.user.id;
      },
    },
    {
      operation: 'GET /users/{id}',
      request: (state) => ({ method: 'GET', url: `/users/${state.userId}`, headers: admin(state) }),
    },
    {
      operation: 'PUT /users/{id}',
      request: (state) => ({
        method: 'PUT',
        url: `/users/${state.userId}`,
        headers: admin(state),
        body: { email: 'walked.again@example.com' },
      }),
    },
    {
      operation: 'DELETE /users/{id}',
      request: (state) => ({ method: 'DELETE', url: `/users/${state.userId}`, headers: admin(state) }),
    },
    {
      operation: 'POST /tasks',
      request: (state) => ({
        method: 'POST',
        url: '/tasks',
        headers: admin(state),
        body: { title: 'Walk every route' },
      }),
      keep: (body, state) => {
        state.taskId = body.id;
      },
    },
    {
      operation: 'GET /tasks',
      request: (state) => ({ method: 'GET', url: '/tasks', headers: admin(state) }),
    },
    {
      operation: 'GET /tasks/{id}',
      request: (state) => ({ method: 'GET', url: `/tasks/${state.taskId}`, headers: admin(state) }),
    },
    {
      operation: 'POST /tasks/{id}/attachments',
      request: (state) => ({
        method: 'POST',
        url: `/tasks/${state.taskId}/attachments`,
        headers: { ...admin(state), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
        body: multipartFile('file', 'notes.txt', Buffer.from('walked\n')),
      }),
      keep: (body, state) => {
        state.attachmentId = body.id;
      },
    },
    {
      operation: 'GET /tasks/{id}/attachments',
      request: (state) => ({
        method: 'GET',
        url: `/tasks/${state.taskId}/attachments`,
        headers: admin(state),
      }),
    },
    {
      operation: 'GET /tasks/{id}/attachments/{attachmentId}',
      request: (state) => ({
        method: 'GET',
        url: `/tasks/${state.taskId}/attachments/${state.attachmentId}`,
        headers: admin(state),
      }),
    },
    {
      operation: 'GET /dashboard',
      request: (state) => ({ method: 'GET', url: '/dashboard', headers: admin(state) }),
    },
    {
      operation: 'GET /dashboard/admin-stats',
      request: (state) => ({ method: 'GET', url: '/dashboard/admin-stats', headers: admin(state) }),
    },
    { operation: 'GET /health', request: () => ({ method: 'GET', url: '/health' }) },
    { operation: 'GET /health/live', request: () => ({ method: 'GET', url: '/health/live' }) },
    { operation: 'GET /health/ready', request: () => ({ method: 'GET', url: '/health/ready' }) },
    {
      operation: 'POST /auth/logout',
      request: (state) => ({ method: 'POST', url: '/auth/logout', headers: state.leaving }),
    },
    // Last, over a socket, once no injected request is in flight: the stream never ends, so its
    // status is read from the headers, then the request is cut.
    {
      operation: 'GET /tasks/events',
      send: async (state) => {
        const stop = new AbortController();
        const res = await fetch(`${served().url}/tasks/events`, {
          headers: admin(state),
          signal: stop.signal,
        });
        stop.abort();
        return { statusCode: res.status, body: '' };
      },
    },
  ];
}

describe('sample: every route answers a success with a status its OpenAPI document lists', function () {
  this.timeout(60_000);
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createSampleApp(specConfig({ TRELLIS_ENGINE: engine })));
    });
    after(() => served.close());

    it('walks every documented operation once, and finds no undocumented success status', async () => {
      const report = await walkDocumentedSuccesses(
        served.app,
        steps(() => served),
        {
          admin: await as(served.app, 'admin'),
          leaving: await as(served.app, 'viewer'),
        },
      );
      expect(report.walked).to.deep.equal(report.documented);
      expect(report.mismatches).to.deep.equal([]);
    });
  });
});
