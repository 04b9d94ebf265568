import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { CONTROLLER } from '../../../src/routing/route-metadata';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/users')
class UsersController {
  @Get()
  list() {
    return ['ada'];
  }

  @Get('/active')
  active() {
    return ['grace'];
  }
}

@Controller()
class RootController {
  @Get('/ping')
  ping() {
    return { pong: true };
  }
}

@Controller('/untidy/')
class UntidyController {
  @Get('/path/')
  path() {
    return { tidy: true };
  }
}

describe('Controller()', () => {
  it('records the controller role and its prefix', () => {
    const meta = metadataRegistry.find(UsersController);
    expect(meta?.role).to.equal('controller');
    expect(meta?.get(CONTROLLER)).to.deep.equal({ path: '/users' });
  });

  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(
        createApp({ engine, controllers: [UsersController, RootController, UntidyController] }),
      );
    });
    after(() => served.close());

    it('when a route has no path, it answers at the prefix itself', async () => {
      await request(served.url).get('/users').expect(200, ['ada']);
    });

    it('when a route has a path, it answers under the prefix', async () => {
      await request(served.url).get('/users/active').expect(200, ['grace']);
    });

    it('when the controller has no prefix, its routes answer at the root', async () => {
      await request(served.url).get('/ping').expect(200, { pong: true });
    });

    it('when prefix and path carry extra slashes, the joined path is normalised', async () => {
      await request(served.url).get('/untidy/path').expect(200, { tidy: true });
    });

    it('when a path is requested with a trailing slash, it still answers', async () => {
      await request(served.url).get('/users/').expect(200, ['ada']);
      await request(served.url).get('/users/active/').expect(200, ['grace']);
    });

    it('when a query string follows the path, the route still matches', async () => {
      await request(served.url).get('/users?page=2').expect(200, ['ada']);
    });
  });
});
