import { expect } from 'chai';
import sinon from 'sinon';
import { AuthService } from '../../../modules/auth';
import { AuthController } from '../../../sample/auth/auth-controller';
import { LoginThrottle } from '../../../sample/auth/login-throttle';
import { UsersService } from '../../../sample/users/users-service';
import { TooManyRequestsException } from '../../../src';
import type { RequestContext } from '../../../src/http/request-context';

const ADA = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  role: 'viewer',
  permissions: ['tasks.read'],
  createdAt: '2026-01-01T00:00:00.000Z',
};
const context = () =>
  ({ body: { username: 'ada' }, res: { setHeader: sinon.spy() } }) as unknown as RequestContext;

describe('AuthController', () => {
  let auth: sinon.SinonStubbedInstance<AuthService>;
  let users: sinon.SinonStubbedInstance<UsersService>;
  let throttle: sinon.SinonStubbedInstance<LoginThrottle>;
  let controller: AuthController;
  beforeEach(async () => {
    auth = sinon.createStubInstance(AuthService);
    users = sinon.createStubInstance(UsersService);
    throttle = sinon.createStubInstance(LoginThrottle);
    throttle.attempt.callsFake((_ctx, login) => login());
    controller = new AuthController(auth, users, throttle);
  });

  describe('login', () => {
    it('answers the token pair and the user as id, username, email and role', async () => {
      auth.loginFrom.resolves({ accessToken: 'a', refreshToken: 'r', user: ADA });
      const CTX = context();
      const res = await controller.login({ username: 'ada', password: 'secret-1' }, CTX);
      expect(res).to.deep.equal({
        accessToken: 'a',
        refreshToken: 'r',
        user: { id: 7, username: 'ada', email: 'ada@example.com', role: 'viewer' },
      });
      expect(throttle.attempt.calledOnceWith(CTX)).to.equal(true);
      expect(throttle.attempt.calledBefore(auth.loginFrom)).to.equal(true);
      expect(auth.loginFrom.calledOnceWith(CTX, 'ada', 'secret-1')).to.equal(true);
      expect(CTX.res.setHeader.calledOnceWith('Cache-Control', 'no-store')).to.equal(true);
    });

    it('when the throttle refuses, never checks the password', async () => {
      throttle.attempt.rejects(new TooManyRequestsException('slow down', 60));
      await controller.login({ username: 'ada', password: 'secret-1' }, context()).then(
        () => expect.fail('expected a 429'),
        (err) => expect(err.statusCode).to.equal(429),
      );
      expect(auth.loginFrom.called).to.equal(false);
    });
  });

  describe('register', () => {
    it('answers the message and the summary, without creation time or hash', async () => {
      users.register.resolves(ADA);
      const input = { username: 'ada', email: 'ada@example.com', password: 'secret-1' };
      expect(await controller.register(input)).to.deep.equal({
        message: 'Usuario creado exitosamente',
        user: {
          id: 7,
          username: 'ada',
          email: 'ada@example.com',
          role: 'viewer',
          permissions: ['tasks.read'],
        },
      });
      expect(users.register.calledOnceWith(input)).to.equal(true);
    });
  });

  describe('refresh', () => {
    it('hands the refresh token to the auth service', async () => {
      auth.refresh.withArgs('r1').resolves({ accessToken: 'a2', refreshToken: 'r2' });
      expect(await controller.refresh({ refreshToken: 'r1' }, context())).to.deep.equal({
        accessToken: 'a2',
        refreshToken: 'r2',
      });
    });
  });

  describe('me', () => {
    it('answers the user as the database has it now', async () => {
      users.get.withArgs(7).resolves({ ...ADA, role: 'developer' });
      const res = await controller.me({ id: '7', username: 'ada', role: 'viewer', permissions: [] });
      expect(res).to.deep.equal({
        id: 7,
        username: 'ada',
        email: 'ada@example.com',
        role: 'developer',
        permissions: ['tasks.read'],
      });
    });
  });

  describe('logout', () => {
    it("ends the caller's session and says so", async () => {
      auth.logout.resolves();
      const caller = { id: 7, username: 'ada', role: 'viewer', permissions: [] };
      expect(await controller.logout(caller)).to.deep.equal({ message: 'Sesión cerrada exitosamente' });
      expect(auth.logout.calledOnceWith(caller)).to.equal(true);
    });
  });
});
