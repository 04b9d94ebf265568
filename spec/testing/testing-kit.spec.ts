import { expect } from 'chai';
import sinon from 'sinon';
import { z } from 'zod';
import {
  Auth,
  Body,
  Controller,
  CurrentUser,
  ForbiddenException,
  Get,
  Injectable,
  MinimumRole,
  Permissions,
  Post,
  REFERENCE_PERMISSIONS,
  REFERENCE_ROLES,
} from '../../index';
import type { AuthenticatedUser } from '../../modules/auth/caller';
import { asUser, closeTestApps, createTestApp, overrideGuard } from '../../testing';
import { forEachEngine } from '../support/engines';
import { expectThrowsCode } from '../support/expect-code';

const SECRET = 'spec-secret-0123456789-abcdefghijklmnop';
const NewNote = z.object({ text: z.string().min(1) });

@Injectable()
class NotesService {
  list(): string[] {
    return ['from the real service'];
  }
}

@Controller('/notes')
class NotesController {
  constructor(private readonly notes: NotesService) {}

  @Get()
  list() {
    return this.notes.list();
  }

  @Post()
  create(@Body(NewNote) body: z.infer<typeof NewNote>) {
    return { created: body.text };
  }
}

@Controller('/guarded')
class GuardedNotesController {
  @Get('/mine')
  @Auth()
  mine(@CurrentUser() user: AuthenticatedUser) {
    return { id: user.id, role: user.role };
  }

  @Get('/managed')
  @MinimumRole('manager')
  managed() {
    return { managed: true };
  }

  @Post('/audited')
  @Permissions('users.read')
  audited() {
    return { audited: true };
  }
}

// A listening TCP server is one TCPServerWrap among the process's active resources.
function listeningServers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'TCPServerWrap').length;
}

function notesApp(engine: 'express' | 'fastify', withAuth = true) {
  const app = createTestApp({ engine, controllers: [NotesController], providers: [NotesService] });
  if (withAuth)
    app
      .register(GuardedNotesController)
      .install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 120 },
        userProvider: {
          findByCredentials: async () => null,
          findById: async () => null,
          hashPassword: async (p: string) => p,
          verifyPassword: async () => false,
        },
      })
      .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
  return app;
}

describe('the testing kit', () => {
  afterEach(async () => {
    sinon.restore();
    await closeTestApps();
  });

  forEachEngine((engine) => {
    describe('app.inject', () => {
      it('answers a GET in process with status, headers, the body as text and json()', async () => {
        const app = notesApp(engine, false);
        const res = await app.inject({ method: 'GET', url: '/notes' });
        expect(res.statusCode).to.equal(200);
        expect(res.headers['content-type']).to.match(/^application\/json/);
        expect(res.body).to.equal('["from the real service"]');
        expect(res.json()).to.deep.equal(['from the real service']);
      });

      it('sends an object body as JSON and gets the 201 of a Post', async () => {
        const res = await notesApp(engine, false).inject({
          method: 'POST',
          url: '/notes',
          body: { text: 'hi' },
        });
        expect(res.statusCode).to.equal(201);
        expect(res.json()).to.deep.equal({ created: 'hi' });
      });

      it('answers 422 when the body fails its schema', async () => {
        const res = await notesApp(engine, false).inject({
          method: 'post',
          url: '/notes',
          body: { text: '' },
        });
        expect(res.statusCode).to.equal(422);
        expect(res.json().details[0].path).to.equal('body.text');
      });

      it('sends a string body as it is: malformed JSON is a 400', async () => {
        const res = await notesApp(engine, false).inject({
          method: 'POST',
          url: '/notes',
          headers: { 'content-type': 'application/json' },
          body: '{"text":',
        });
        expect(res.statusCode).to.equal(400);
        expect(res.json().statusCode).to.equal(400);
      });

      it('answers 404 JSON for an unknown route', async () => {
        const res = await notesApp(engine, false).inject({ method: 'GET', url: '/nowhere' });
        expect(res.statusCode).to.equal(404);
        expect(res.json().error).to.be.a('string');
      });

      it('leaves other apps of the process serving real requests', async () => {
        await notesApp(engine, false).inject({ method: 'GET', url: '/notes' });
        const other = notesApp('express', false);
        const server = await other.listen(0);
        const { port } = server.address() as { port: number };
        const res = await fetch(`http://127.0.0.1:${port}/notes`);
        expect(res.status).to.equal(200);
        expect(await res.json()).to.deep.equal(['from the real service']);
      });

      it('opens no port', async () => {
        const app = notesApp(engine, false);
        const before = listeningServers();
        expect((await app.inject({ method: 'GET', url: '/notes' })).statusCode).to.equal(200);
        expect(listeningServers()).to.equal(before);
        expect(app.engine.createServer().listening).to.equal(false);
      });
    });

    describe('overriding a provider', () => {
      it('serves the sinon stub instead of the real service', async () => {
        const app = notesApp(engine, false);
        const list = sinon.stub<[], string[]>().returns(['stubbed']);
        app.override(NotesService, { list });
        const res = await app.inject({ method: 'GET', url: '/notes' });
        expect(res.json()).to.deep.equal(['stubbed']);
        expect(list.calledOnce).to.equal(true);
      });
    });

    describe('asUser', () => {
      it('acts as the given user on an Auth() route', async () => {
        const app = notesApp(engine);
        const headers = await asUser(app, { id: 42, role: 'developer' });
        const res = await app.inject({ method: 'GET', url: '/guarded/mine', headers });
        expect(res.statusCode).to.equal(200);
        expect(res.json()).to.deep.equal({ id: 42, role: 'developer' });
      });

      it('passes MinimumRole with a role high enough, 403 below it, 401 without a user', async () => {
        const app = notesApp(engine);
        const manager = await asUser(app, { role: 'manager' });
        const viewer = await asUser(app, { role: 'viewer' });
        expect(
          (await app.inject({ method: 'GET', url: '/guarded/managed', headers: manager })).statusCode,
        ).to.equal(200);
        expect(
          (await app.inject({ method: 'GET', url: '/guarded/managed', headers: viewer })).statusCode,
        ).to.equal(403);
        expect((await app.inject({ method: 'GET', url: '/guarded/managed' })).statusCode).to.equal(401);
      });

      it('passes Permissions only with the permission', async () => {
        const app = notesApp(engine);
        const reader = await asUser(app, { permissions: ['users.read'] });
        const other = await asUser(app, { permissions: [] });
        expect(
          (await app.inject({ method: 'POST', url: '/guarded/audited', headers: reader })).statusCode,
        ).to.equal(201);
        expect(
          (await app.inject({ method: 'POST', url: '/guarded/audited', headers: other })).statusCode,
        ).to.equal(403);
      });

      it('refuses to sign without the auth module, naming it', async () => {
        const app = notesApp(engine, false);
        let failure: unknown;
        await asUser(app).catch((err: unknown) => {
          failure = err;
        });
        expect(String(failure)).to.match(/app\.install\('auth'/);
      });
    });

    describe('overrideGuard', () => {
      it('lets every request through a replaced MinimumRole', async () => {
        const app = notesApp(engine);
        overrideGuard(app, 'minimumRole');
        const viewer = await asUser(app, { role: 'viewer' });
        expect(
          (await app.inject({ method: 'GET', url: '/guarded/managed', headers: viewer })).statusCode,
        ).to.equal(200);
      });

      it('acts as a user through a replaced auth guard, without any token', async () => {
        const app = notesApp(engine);
        overrideGuard(app, 'auth', (ctx) => {
          ctx.user = { id: 7, username: 'ada', role: 'admin', permissions: [] };
        });
        const res = await app.inject({ method: 'GET', url: '/guarded/mine' });
        expect(res.json()).to.deep.equal({ id: 7, role: 'admin' });
      });

      it('refuses a guard kind no installed module defines, listing the defined ones', () => {
        const app = notesApp(engine);
        // @ts-expect-error: overrideGuard takes only the kinds modules declare
        const override = () => overrideGuard(app, 'minimumRol');
        const { message } = expectThrowsCode(override, 'TRELLIS_ERR_UNKNOWN_GUARD_KIND');
        expect(message).to.match(
          /the guard kind 'minimumRol'; the defined kinds are 'auth', 'minimumRole', 'permissions'/,
        );
      });

      it('can refuse: the check throws the answer', async () => {
        const app = notesApp(engine);
        overrideGuard(app, 'auth', () => {
          throw new ForbiddenException('closed for the test');
        });
        const res = await app.inject({ method: 'GET', url: '/guarded/mine' });
        expect(res.statusCode).to.equal(403);
        expect(res.json().message).to.equal('closed for the test');
      });
    });

    describe('closeTestApps', () => {
      it('closes the servers of every app made since the last call', async () => {
        const app = notesApp(engine, false);
        const server = await app.listen(0);
        expect(server.listening).to.equal(true);
        await closeTestApps();
        expect(server.listening).to.equal(false);
      });
    });
  });
});
