import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { DEMO_PASSWORD } from '../support/sample-env';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample /auth', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    before(async () => {
      sample = await startSample(engine);
    });
    after(() => sample.close());

    describe('POST /auth/login', () => {
      it('with a demo user, answers both tokens and the user', async () => {
        const res = await request(sample.url)
          .post('/auth/login')
          .send({ username: 'admin', password: DEMO_PASSWORD })
          .expect(200);
        expect(res.body.accessToken).to.be.a('string');
        expect(res.body.refreshToken).to.be.a('string').and.not.equal(res.body.accessToken);
        expect(res.body.user).to.deep.equal({
          id: 1,
          username: 'admin',
          email: 'admin@example.com',
          role: 'admin',
        });
      });

      it('with a wrong password or an unknown user, answers 401 Credenciales inválidas', async () => {
        for (const body of [
          { username: 'admin', password: 'wrong-password' },
          { username: 'nobody', password: DEMO_PASSWORD },
        ]) {
          const res = await request(sample.url).post('/auth/login').send(body).expect(401);
          expect(res.body).to.deep.include({ statusCode: 401, message: 'Credenciales inválidas' });
        }
      });

      it('with an empty username or a password under 6 characters, answers 422 naming both', async () => {
        const res = await request(sample.url)
          .post('/auth/login')
          .send({ username: '', password: '12345' })
          .expect(422);
        expect(res.body.details.map((d: { path: string }) => d.path)).to.have.members([
          'body.username',
          'body.password',
        ]);
      });
    });

    describe('POST /auth/register', () => {
      it('creates a viewer who may read tasks, shows no password, and lets them log in', async () => {
        const res = await request(sample.url)
          .post('/auth/register')
          .send({ username: 'newcomer', email: 'newcomer@example.com', password: 'secret-1' })
          .expect(201);
        expect(res.body).to.deep.equal({
          message: 'Usuario creado exitosamente',
          user: {
            id: res.body.user.id,
            username: 'newcomer',
            email: 'newcomer@example.com',
            role: 'viewer',
            permissions: ['tasks.read'],
          },
        });
        expect(JSON.stringify(res.body)).to.not.match(/secret-1|\$2b\$/);
        await sample.token('newcomer', 'secret-1');
      });

      it('with a taken username (any case), answers 409 El nombre de usuario ya existe', async () => {
        const res = await request(sample.url)
          .post('/auth/register')
          .send({ username: 'ADMIN', email: 'x@example.com', password: 'secret-1' })
          .expect(409);
        expect(res.body.message).to.equal('El nombre de usuario ya existe');
      });

      it('when one name is registered many times at once, exactly one wins and the others get 409', async () => {
        const attempts = Array.from({ length: 8 }, (_, i) =>
          request(sample.url)
            .post('/auth/register')
            .send({ username: 'racer', email: `racer${i}@example.com`, password: 'secret-1' }),
        );
        const statuses = (await Promise.all(attempts)).map((res) => res.status).sort();
        expect(statuses).to.deep.equal([201, 409, 409, 409, 409, 409, 409, 409]);
      });

      it('with a short username, a bad e-mail and a short password, answers 422 naming each', async () => {
        const res = await request(sample.url)
          .post('/auth/register')
          .send({ username: 'ab', email: 'not-an-email', password: '123' })
          .expect(422);
        expect(res.body.details.map((d: { path: string }) => d.path)).to.have.members([
          'body.username',
          'body.email',
          'body.password',
        ]);
      });

      it('with a username over 50 characters, answers 422', async () => {
        await request(sample.url)
          .post('/auth/register')
          .send({ username: 'a'.repeat(51), email: 'a@example.com', password: 'secret-1' })
          .expect(422);
      });
    });

    describe('POST /auth/refresh', () => {
      it('trades a refresh token for a new pair, once', async () => {
        const login = await request(sample.url)
          .post('/auth/login')
          .send({ username: 'developer', password: DEMO_PASSWORD });
        const res = await request(sample.url)
          .post('/auth/refresh')
          .send({ refreshToken: login.body.refreshToken })
          .expect(200);
        expect(res.body.accessToken).to.be.a('string');
        await request(sample.url).get('/auth/me').auth(res.body.accessToken, { type: 'bearer' }).expect(200);
        const reused = await request(sample.url)
          .post('/auth/refresh')
          .send({ refreshToken: login.body.refreshToken })
          .expect(401);
        expect(reused.body.message).to.equal('Token de actualización inválido');
      });

      it('with garbage or an access token, answers 401 Token de actualización inválido', async () => {
        const access = await sample.token('viewer');
        for (const refreshToken of ['garbage', access]) {
          const res = await request(sample.url).post('/auth/refresh').send({ refreshToken }).expect(401);
          expect(res.body.message).to.equal('Token de actualización inválido');
        }
      });

      it('without a refresh token, answers 422', async () => {
        await request(sample.url).post('/auth/refresh').send({}).expect(422);
      });
    });

    describe('GET /auth/me', () => {
      it('answers who the caller is, with permissions', async () => {
        const res = await request(sample.url)
          .get('/auth/me')
          .auth(await sample.token('viewer'), { type: 'bearer' })
          .expect(200);
        expect(res.body).to.deep.equal({
          id: 5,
          username: 'viewer',
          email: 'viewer@example.com',
          role: 'viewer',
          permissions: ['tasks.read'],
        });
      });

      it('without a token, answers 401', async () => {
        await request(sample.url).get('/auth/me').expect(401);
      });
    });

    describe('POST /auth/logout', () => {
      it('ends the session: the access token and the refresh token stop working', async () => {
        const login = await request(sample.url)
          .post('/auth/login')
          .send({ username: 'team_lead', password: DEMO_PASSWORD });
        const { accessToken, refreshToken } = login.body;
        const res = await request(sample.url)
          .post('/auth/logout')
          .auth(accessToken, { type: 'bearer' })
          .expect(200);
        expect(res.body).to.deep.equal({ message: 'Sesión cerrada exitosamente' });
        await request(sample.url).get('/auth/me').auth(accessToken, { type: 'bearer' }).expect(401);
        await request(sample.url).post('/auth/refresh').send({ refreshToken }).expect(401);
      });

      it('without a token, answers 401', async () => {
        await request(sample.url).post('/auth/logout').expect(401);
      });
    });
  });
});
