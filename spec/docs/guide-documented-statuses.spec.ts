import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import type { Application } from '../../src/app/application';
import type { AppOptions } from '../../src/options/app-options';
import { asUser, closeTestApps, createTestApp } from '../../testing';
import { type WalkState, type WalkStep, walkDocumentedSuccesses } from '../support/documented-successes';
import { forEachEngine } from '../support/engines';
import { guideFiles, ROOT, writeGuideProject } from './guide-projects';

const exec = promisify(execFile);
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

type BuildApp = (create: (options: AppOptions) => Application) => Application;

// The seed users of guide 4: ada is an admin who may read reports.
const ADA = {
  id: 1,
  username: 'ada',
  email: 'ada@example.com',
  role: 'admin',
  permissions: ['reports.read'],
};
const SEED_PASSWORD = 'Change-me-123!';

// One request per documented operation of the grown project that should succeed.
const STEPS: WalkStep[] = [
  { operation: 'GET /greetings/{name}', request: () => ({ method: 'GET', url: '/greetings/Ada' }) },
  {
    operation: 'POST /auth/login',
    request: () => ({
      method: 'POST',
      url: '/auth/login',
      body: { username: 'ada', password: SEED_PASSWORD },
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
  { operation: 'GET /auth/me', request: (state) => ({ method: 'GET', url: '/auth/me', headers: state.ada }) },
  {
    operation: 'POST /tasks',
    request: (state) => ({
      method: 'POST',
      url: '/tasks',
      headers: state.ada,
      body: { title: 'Walk the routes' },
    }),
    keep: (body, state) => {
      state.taskId = body.id;
    },
  },
  { operation: 'GET /tasks', request: (state) => ({ method: 'GET', url: '/tasks', headers: state.ada }) },
  {
    operation: 'GET /tasks/mine',
    request: (state) => ({ method: 'GET', url: '/tasks/mine', headers: state.ada }),
  },
  {
    operation: 'GET /tasks/{id}',
    request: (state: WalkState) => ({ method: 'GET', url: `/tasks/${state.taskId}`, headers: state.ada }),
  },
  {
    operation: 'PATCH /tasks/{id}',
    request: (state) => ({
      method: 'PATCH',
      url: `/tasks/${state.taskId}`,
      headers: state.ada,
      body: { done: true },
    }),
  },
  {
    operation: 'DELETE /tasks/{id}',
    request: (state) => ({ method: 'DELETE', url: `/tasks/${state.taskId}`, headers: state.ada }),
  },
  {
    operation: 'GET /reports/summary',
    request: (state) => ({ method: 'GET', url: '/reports/summary', headers: state.ada }),
  },
  { operation: 'GET /health/live', request: () => ({ method: 'GET', url: '/health/live' }) },
  { operation: 'GET /health/ready', request: () => ({ method: 'GET', url: '/health/ready' }) },
  {
    operation: 'POST /auth/logout',
    request: (state) => ({ method: 'POST', url: '/auth/logout', headers: state.leaving }),
  },
];

describe("the guides' grown project: every route answers a success with a status its OpenAPI document lists", function () {
  this.timeout(180_000);
  let buildApp: BuildApp;
  before(async () => {
    // The project a reader has after the last guide, compiled as the guides' spec compiles it.
    const project = writeGuideProject(guideFiles().at(-1)!);
    await exec(process.execPath, [TSC, '-p', 'tsconfig.json'], { cwd: project, timeout: 120_000 });
    ({ buildApp } = require(join(project, 'dist', 'src', 'app.js')) as { buildApp: BuildApp });
  });
  afterEach(() => closeTestApps());

  forEachEngine((engine) => {
    it('walks every documented operation once: DELETE /tasks/{id} answers 204, and the document lists it', async () => {
      const app = buildApp((options) => createTestApp({ ...options, engine }));
      await app.ready();
      const report = await walkDocumentedSuccesses(app, STEPS, {
        ada: await asUser(app, ADA),
        leaving: await asUser(app, ADA),
      });
      expect(report.walked).to.deep.equal(report.documented);
      expect(report.mismatches).to.deep.equal([]);
      const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
      expect(doc.paths['/tasks/{id}'].delete.responses['204']).to.deep.equal({
        description: 'No Content: when the handler returns nothing',
      });
    });
  });
});
