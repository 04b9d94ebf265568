import request from 'supertest';
import type { AuthenticatedUser } from '../../../modules/auth';
import {
  Controller,
  CurrentUser,
  createApp,
  defineModule,
  Get,
  recordGuard,
  UnauthorizedException,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

// A stand-in for the auth module: a guard kind that sets the caller from a header.
const headerIdentity = defineModule({
  name: 'spec-header-identity',
  install(app) {
    app.guards.define({
      kind: 'spec-header-identity',
      priority: 0,
      compile: () => (ctx) => {
        const name = ctx.headers['x-user'];
        if (typeof name !== 'string') throw new UnauthorizedException('Who are you?');
        ctx.user = { id: 1, username: name, role: 'user', permissions: [] };
      },
    });
  },
});
const Identified = () =>
  recordGuard({ kind: 'spec-header-identity', module: 'spec-header-identity', label: 'Identified()' });

@Controller('/me')
class MeController {
  @Get('/anonymous')
  anonymous(@CurrentUser() user: AuthenticatedUser | undefined) {
    return { user: user ?? null };
  }

  @Get()
  @Identified()
  me(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }
}

describe('CurrentUser()', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [MeController] }).install(headerIdentity, {}));
    });
    after(() => served.close());

    it('when no guard authenticated the request, gives undefined', async () => {
      await request(served.url).get('/me/anonymous').set('X-User', 'ignored').expect(200, { user: null });
    });

    it('when a guard set the caller, gives that caller', async () => {
      await request(served.url)
        .get('/me')
        .set('X-User', 'ada')
        .expect(200, { id: 1, username: 'ada', role: 'user', permissions: [] });
    });

    it('when the guard refuses, the handler is not reached', async () => {
      await request(served.url).get('/me').expect(401, {
        statusCode: 401,
        error: 'Unauthorized',
        message: 'Who are you?',
        code: 'UNAUTHENTICATED',
      });
    });
  });
});
