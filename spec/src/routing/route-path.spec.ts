import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, Param } from '../../../src';
import { joinPaths, routeShape, toRouterPath } from '../../../src/routing/route-path';
import { forEachEngine } from '../../support/engines';
import { expectCode, expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

@Controller('/users')
class NestedController {
  @Get('/:userId/posts/:postId')
  post(@Param('userId') userId: string, @Param('postId') postId: string) {
    return { userId, postId };
  }

  @Get('/files/*path')
  file(@Param('path') path: string) {
    return { path };
  }
}

@Controller('/files')
class OptionalSegmentController {
  @Get('/:name{.:ext}')
  one() {
    return {};
  }
}

@Controller('/files')
class RegexController {
  @Get('/:name?')
  one() {
    return {};
  }
}

@Controller('/users')
class MisspeltParamController {
  @Get('/:userId')
  one(@Param('userID') id: string) {
    return { id };
  }
}

describe('route paths', () => {
  describe('joinPaths()', () => {
    it('joins a prefix and a path with exactly one slash', () => {
      expect(joinPaths('/users', '/:id')).to.equal('/users/:id');
      expect(joinPaths('users/', ':id')).to.equal('/users/:id');
      expect(joinPaths('/users//', '//:id/')).to.equal('/users/:id');
    });

    it('without a path, gives the prefix; without both, the root', () => {
      expect(joinPaths('/users', '')).to.equal('/users');
      expect(joinPaths('', '')).to.equal('/');
      expect(joinPaths()).to.equal('/');
    });
  });

  describe('toRouterPath()', () => {
    it('keeps parameters as they are', () => {
      expect(toRouterPath('/users/:userId/posts/:postId')).to.deep.equal({
        path: '/users/:userId/posts/:postId',
      });
    });

    it('turns a named wildcard into the router wildcard and remembers its name', () => {
      expect(toRouterPath('/assets/*file')).to.deep.equal({ path: '/assets/*', wildcard: 'file' });
    });

    it('refuses a wildcard that does not end the path', () => {
      expectThrowsCode(() => toRouterPath('/a/*rest/b'), 'TRELLIS_ERR_WILDCARD_NOT_LAST');
    });

    it('refuses optional segments, groups and regular-expression characters', () => {
      for (const path of ['/a{/b}', '/a/:id(\\d+)', '/a/:id?', '/a+', '/a/[b]', '/a!']) {
        expectThrowsCode(() => toRouterPath(path), 'TRELLIS_ERR_UNSUPPORTED_ROUTE_PATH');
      }
    });
  });

  describe('routeShape()', () => {
    it('ignores parameter and wildcard names', () => {
      expect(routeShape('/users/:id')).to.equal(routeShape('/users/:userId'));
      expect(routeShape('/a/*x')).to.equal(routeShape('/a/*y'));
      expect(routeShape('/users/:id')).to.not.equal(routeShape('/users/me'));
    });
  });

  it('when a route uses unsupported path syntax, ready() fails naming the class.method and the path', async () => {
    for (const controller of [OptionalSegmentController, RegexController]) {
      const app = createApp({ controllers: [controller] });
      const failure = await app.ready().then(
        () => undefined,
        (err: Error) => err,
      );
      expect(failure?.message, controller.name).to.include(`${controller.name}.one`);
      expectCode(failure, 'TRELLIS_ERR_UNSUPPORTED_ROUTE_PATH');
      await app.close();
    }
  });

  it('when Param() names a parameter the path does not have, ready() fails naming both', async () => {
    const app = createApp({ controllers: [MisspeltParamController] });
    const failure = await app.ready().then(
      () => undefined,
      (err: Error) => err,
    );
    expect(expectCode(failure, 'TRELLIS_ERR_UNKNOWN_PATH_PARAM').message).to.equal(
      "MisspeltParamController.one: Param('userID') is not a parameter of the path '/users/:userId'",
    );
    await app.close();
  });

  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [NestedController] }));
    });
    after(() => served.close());

    it('when a path has several parameters, each arrives under its name', async () => {
      await request(served.url).get('/users/7/posts/9').expect(200, { userId: '7', postId: '9' });
    });

    it('when a named wildcard ends the path, the rest of the path arrives under its name', async () => {
      await request(served.url).get('/users/files/a/b/c.txt').expect(200, { path: 'a/b/c.txt' });
    });
  });
});
