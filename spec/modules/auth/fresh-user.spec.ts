import { expect } from 'chai';
import request from 'supertest';
import { Auth, type AuthOptions, AuthService } from '../../../modules/auth';
import type { AuthenticatedUser } from '../../../modules/auth/caller';
import { MinimumRole } from '../../../modules/rbac';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../../../modules/reference';
import { Controller, CurrentUser, Get } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import {
  ADA,
  AuthController,
  authApp,
  bearer,
  PASSWORD,
  type StubbedUsers,
  stubUsers,
} from './auth-fixtures';

const NEW_EMAIL = 'ada.lovelace@example.org';

@Controller('/profile')
@Auth({ fresh: true })
class ProfileController {
  // Two Auth({ fresh: true }) (class and method): still one load per request.
  @Get('/fresh')
  @Auth({ fresh: true })
  fresh(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }

  @Get('/admin')
  @MinimumRole('admin')
  admin(@CurrentUser() user: AuthenticatedUser) {
    return { role: user.role };
  }
}

@Controller('/claims')
@Auth()
class ClaimsController {
  @Get()
  claims(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }
}

describe('auth: fresh user data (Auth({ fresh: true }) and freshUser)', () => {
  forEachEngine((engine) => {
    let users: StubbedUsers;
    let served: Served;
    let token: string;
    const start = async (options: Partial<AuthOptions> = {}) => {
      users = await stubUsers();
      const app = authApp(engine, users, options, [
        AuthController,
        ProfileController,
        ClaimsController,
      ]).install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
      served = await serve(app);
      token = (await app.container.get(AuthService).login('ada', PASSWORD)).accessToken;
    };
    const get = (path: string) => request(served.url).get(path).set('authorization', bearer(token));
    const changeAda = (change: Partial<AuthenticatedUser>) => {
      const record = users.records.get(ADA.id)!;
      users.records.set(ADA.id, { ...record, ...change });
    };
    afterEach(() => served.close());

    describe('per route', () => {
      beforeEach(() => start());

      it('after an e-mail change, a call with the old token sees the new e-mail; a plain Auth() route sees the token copy', async () => {
        changeAda({ email: NEW_EMAIL });
        expect((await get('/profile/fresh').expect(200)).body).to.deep.equal({ ...ADA, email: NEW_EMAIL });
        expect((await get('/claims').expect(200)).body).to.deep.equal(ADA);
      });

      it('loads the user once per request', async () => {
        users.provider.findById.resetHistory();
        await get('/profile/fresh').expect(200);
        expect(users.provider.findById.callCount).to.equal(1);
        expect(users.provider.findById.firstCall.args[0]).to.equal(ADA.id);
      });

      it('judges the role the user has now, not the one in the token', async () => {
        await get('/profile/admin').expect(403);
        changeAda({ role: 'admin' });
        expect((await get('/profile/admin').expect(200)).body).to.deep.equal({ role: 'admin' });
      });

      it('answers 401 once the user provider no longer has the user', async () => {
        users.records.delete(ADA.id);
        const res = await get('/profile/fresh').expect(401);
        expect(res.body).to.deep.include({ code: 'UNAUTHENTICATED', message: 'Token revocado' });
        expect(res.headers['www-authenticate']).to.equal('Bearer');
      });
    });

    describe('with freshUser: true', () => {
      beforeEach(() => start({ freshUser: true }));

      it('every Auth() route sees the user as stored now', async () => {
        changeAda({ email: NEW_EMAIL });
        expect((await get('/claims').expect(200)).body).to.deep.equal({ ...ADA, email: NEW_EMAIL });
      });

      it('logout still ends the session of the fresh caller', async () => {
        changeAda({ email: NEW_EMAIL });
        expect((await get('/claims').expect(200)).body.email).to.equal(NEW_EMAIL);
        await request(served.url).post('/auth/logout').set('authorization', bearer(token)).expect(204);
        expect((await get('/claims').expect(401)).body.message).to.equal('Token revocado');
      });
    });
  });
});
