import { expect } from 'chai';
import request from 'supertest';
import { AUTH_MESSAGES, type AuthMessages, AuthService, QueueFullException } from '../../../modules/auth';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { authApp, bearer, PASSWORD, SECRET, type StubbedUsers, stubUsers } from './auth-fixtures';

const CUSTOM: Partial<AuthMessages> = {
  missingToken: 'Token required',
  malformedHeader: 'Use Authorization: Bearer <token>',
  invalidCredentials: 'Wrong username or password',
  revokedToken: 'Session over',
  accountBusy: 'That account just failed a login: wait a moment',
};

describe('auth: the messages option', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served | undefined;
    before(async () => {
      users = await stubUsers();
    });
    afterEach(async () => {
      await served?.close();
      served = undefined;
    });

    it('when a text is replaced, the client gets it from the guard, the service and a revoked token', async () => {
      served = await serve(authApp(engine, users, { messages: CUSTOM, loginFailureBurst: 1 }));
      const { url } = served;
      await request(url).get('/me').expect(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Token required',
        code: 'UNAUTHENTICATED',
      });
      const malformed = await request(url).get('/me').set('authorization', 'Basic abc').expect(401);
      expect(malformed.body.message).to.equal('Use Authorization: Bearer <token>');
      const wrong = await request(url)
        .post('/auth/login')
        .send({ username: 'ada', password: 'nope' })
        .expect(401);
      expect(wrong.body.message).to.equal('Wrong username or password');
      const spaced = await request(url)
        .post('/auth/login')
        .send({ username: 'ada', password: PASSWORD })
        .expect(429);
      expect(spaced.body.message).to.equal('That account just failed a login: wait a moment');
      const { body } = await request(url).post('/auth/login').send({ username: 'grace', password: PASSWORD });
      await request(url).post('/auth/logout').set('authorization', bearer(body.accessToken)).expect(204);
      const revoked = await request(url)
        .get('/me')
        .set('authorization', bearer(body.accessToken))
        .expect(401);
      expect(revoked.body.message).to.equal('Session over');
    });

    it('when a text is not replaced, the client gets the default one', async () => {
      served = await serve(authApp(engine, users, { messages: { missingToken: 'Token required' } }));
      const refused = await request(served.url).post('/auth/refresh').send({ refreshToken: 'x' }).expect(401);
      expect(refused.body.message).to.equal('Token de actualización inválido');
      const bad = await request(served.url)
        .get('/me')
        .set('authorization', bearer('not.a.token'))
        .expect(401);
      expect(bad.body.message).to.equal('Token inválido');
    });

    it('without the option, the texts are the defaults the contract fixes', async () => {
      served = await serve(authApp(engine, users));
      const missing = await request(served.url).get('/me').expect(401);
      expect(missing.body.message).to.equal('Token no proporcionado');
      const wrong = await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: 'nope' })
        .expect(401);
      expect(wrong.body.message).to.equal('Credenciales inválidas');
      expect(AUTH_MESSAGES.invalidCredentials).to.equal('Credenciales inválidas');
    });
  });

  it('when the hashing queue is full, its 503 carries the busy text', async () => {
    const app = authApp('express', await stubUsers(), { hashQueueLimit: 0, messages: { busy: 'Try later' } });
    await app.ready();
    const queue = app.container.get(AuthService).hashingQueue;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const running = Array.from({ length: queue.limit }, () => queue.run(() => held));
    const refusal = await queue.run(async () => undefined).catch((err: unknown) => err);
    expect(refusal).to.be.instanceOf(QueueFullException);
    expect((refusal as QueueFullException).message).to.equal('Try later');
    release();
    await Promise.all(running);
    await app.close();
  });

  it('when a text is empty or not one the module answers with, it refuses to install', () => {
    const install = (messages: object) => () =>
      createApp().install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider: { findByCredentials: async () => null, findById: async () => null },
        messages: messages as Partial<AuthMessages>,
      });
    expect(expectThrowsCode(install({ missingToken: '' }), 'TRELLIS_ERR_INVALID_OPTION').message).to.match(
      /^auth\.messages\.missingToken: /,
    );
    expect(expectThrowsCode(install({ missingTokn: 'x' }), 'TRELLIS_ERR_INVALID_OPTION').message).to.match(
      /^auth\.messages: .*missingTokn/,
    );
    expect(expectThrowsCode(install({ busy: 503 }), 'TRELLIS_ERR_INVALID_OPTION').message).to.match(
      /^auth\.messages\.busy: /,
    );
  });
});
