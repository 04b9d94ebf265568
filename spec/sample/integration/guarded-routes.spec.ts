import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

const ROLES = ['admin', 'manager', 'team_lead', 'developer', 'viewer'] as const;

describe('sample guarded routes', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    const tokens: Record<string, string> = {};
    before(async () => {
      sample = await startSample(engine);
      for (const role of ROLES) tokens[role] = await sample.token(role);
    });
    after(() => sample.close());

    const get = (path: string, role?: string) => {
      const req = request(sample.url).get(path);
      return role ? req.auth(tokens[role], { type: 'bearer' }) : req;
    };

    // Who may pass each route: everyone listed gets 200, every other role 403, no token 401.
    const matrix: [string, readonly string[]][] = [
      ['/protected', ROLES],
      ['/admin-only', ['admin']],
      ['/manager-up', ['admin', 'manager']],
      ['/dashboard/admin-stats', ['admin']],
      ['/users', ['admin', 'manager']],
      ['/users/1', ['admin', 'manager']],
      ['/tasks', ROLES],
    ];
    for (const [path, allowed] of matrix) {
      it(`GET ${path}: ${allowed.join(', ')} pass, other roles 403, no token 401`, async () => {
        await get(path).expect(401);
        for (const role of ROLES) await get(path, role).expect(allowed.includes(role) ? 200 : 403);
      });
    }

    it("GET /protected answers { message, user } with the caller's username as user", async () => {
      const res = await get('/protected', 'developer').expect(200);
      expect(res.body).to.deep.equal({ message: 'Acceso concedido a la ruta protegida', user: 'developer' });
    });

    it('with a malformed or forged token, answers 401', async () => {
      await request(sample.url).get('/protected').set('authorization', 'Basic abc').expect(401);
      await request(sample.url).get('/protected').auth('not.a.token', { type: 'bearer' }).expect(401);
      const [header, , signature] = tokens.viewer.split('.');
      const claims = Buffer.from(JSON.stringify({ sub: 1, role: 'admin', type: 'access' })).toString(
        'base64url',
      );
      await request(sample.url)
        .get('/admin-only')
        .auth(`${header}.${claims}.${signature}`, { type: 'bearer' })
        .expect(401);
    });

    describe('POST /users (users.create)', () => {
      const newUser = (username: string, role = 'developer') => ({
        username,
        email: `${username}@example.com`,
        password: 'secret-1',
        role,
      });

      it('lets a manager create a developer, refuses an admin, and refuses a developer 403', async () => {
        const res = await request(sample.url)
          .post('/users')
          .auth(tokens.manager, { type: 'bearer' })
          .send(newUser('dev2'))
          .expect(201);
        expect(res.body.user).to.include({ username: 'dev2', role: 'developer' });
        expect(res.body.user).to.not.have.property('passwordHash');
        expect(res.headers.location).to.equal(`/users/${res.body.user.id}`);
        const above = await request(sample.url)
          .post('/users')
          .auth(tokens.manager, { type: 'bearer' })
          .send(newUser('boss', 'admin'))
          .expect(403);
        expect(above.body.code).to.equal('ROLE_ABOVE_OWN');
        await request(sample.url)
          .post('/users')
          .auth(tokens.developer, { type: 'bearer' })
          .send(newUser('dev3'))
          .expect(403);
      });

      it('with an unknown role, answers 422', async () => {
        await request(sample.url)
          .post('/users')
          .auth(tokens.admin, { type: 'bearer' })
          .send(newUser('dev4', 'overlord'))
          .expect(422);
      });
    });

    describe('PUT /users/:id (users.update + users.read)', () => {
      it('lets a manager change an e-mail, but not a role (users.change_role)', async () => {
        const res = await request(sample.url)
          .put('/users/4')
          .auth(tokens.manager, { type: 'bearer' })
          .send({ email: 'dev@example.org' })
          .expect(200);
        expect(res.body.user.email).to.equal('dev@example.org');
        await request(sample.url)
          .put('/users/4')
          .auth(tokens.manager, { type: 'bearer' })
          .send({ role: 'team_lead' })
          .expect(403);
      });

      it("lets an admin change a role, which ends that user's sessions", async () => {
        const viewerToken = await sample.token('viewer');
        const res = await request(sample.url)
          .put('/users/5')
          .auth(tokens.admin, { type: 'bearer' })
          .send({ role: 'developer' })
          .expect(200);
        expect(res.body.user).to.include({ role: 'developer' });
        expect(res.body.user.permissions).to.include('tasks.create');
        await request(sample.url).get('/auth/me').auth(viewerToken, { type: 'bearer' }).expect(401);
        await request(sample.url)
          .put('/users/5')
          .auth(tokens.admin, { type: 'bearer' })
          .send({ role: 'viewer' })
          .expect(200);
        tokens.viewer = await sample.token('viewer');
      });

      it('refuses a team lead (403), an empty body (422), an unknown field (422) and an unknown id (404)', async () => {
        await request(sample.url)
          .put('/users/4')
          .auth(tokens.team_lead, { type: 'bearer' })
          .send({ email: 'a@b.co' })
          .expect(403);
        await request(sample.url).put('/users/4').auth(tokens.admin, { type: 'bearer' }).send({}).expect(422);
        await request(sample.url)
          .put('/users/4')
          .auth(tokens.admin, { type: 'bearer' })
          .send({ password: 'x' })
          .expect(422);
        const missing = await request(sample.url)
          .put('/users/999')
          .auth(tokens.admin, { type: 'bearer' })
          .send({ email: 'a@b.co' })
          .expect(404);
        expect(missing.body.message).to.equal('Usuario no encontrado');
      });
    });

    describe('DELETE /users/:id (users.delete + manager)', () => {
      it('lets a manager delete a developer, whose token then stops working', async () => {
        await request(sample.url)
          .post('/users')
          .auth(tokens.admin, { type: 'bearer' })
          .send({ username: 'temp', email: 'temp@example.com', password: 'secret-1', role: 'developer' })
          .expect(201);
        const tempToken = await sample.token('temp', 'secret-1');
        const me = await request(sample.url).get('/auth/me').auth(tempToken, { type: 'bearer' }).expect(200);
        const res = await request(sample.url)
          .delete(`/users/${me.body.id}`)
          .auth(tokens.manager, { type: 'bearer' })
          .expect(200);
        expect(res.body).to.deep.equal({ message: 'Usuario eliminado exitosamente' });
        await request(sample.url).get('/auth/me').auth(tempToken, { type: 'bearer' }).expect(401);
        await request(sample.url)
          .get(`/users/${me.body.id}`)
          .auth(tokens.admin, { type: 'bearer' })
          .expect(404);
      });

      it('refuses a team lead (403), self-deletion (400), a higher role (403) and a bad id (422)', async () => {
        await request(sample.url).delete('/users/4').auth(tokens.team_lead, { type: 'bearer' }).expect(403);
        await request(sample.url).delete('/users/2').auth(tokens.manager, { type: 'bearer' }).expect(400);
        await request(sample.url).delete('/users/1').auth(tokens.manager, { type: 'bearer' }).expect(403);
        await request(sample.url).delete('/users/abc').auth(tokens.manager, { type: 'bearer' }).expect(422);
      });
    });
  });
});
