import { expect } from 'chai';
import sinon from 'sinon';
import request from 'supertest';
import { z } from 'zod';
import {
  Controller,
  createApp,
  defineModule,
  ForbiddenException,
  Get,
  Query,
  recordGuard,
  UnauthorizedException,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

// A tiny module of two guard kinds: 'spec-key' (401) and 'spec-scope' (403, requires 'spec-key').
const keyModule = defineModule<{ key: string }>({
  name: 'spec-api-key',
  install(app, options) {
    app.guards.define({
      kind: 'spec-key',
      priority: 10,
      compile: () => (ctx) => {
        if (ctx.headers['x-api-key'] !== options.key) throw new UnauthorizedException('Bad key');
        ctx.state = { scopes: String(ctx.headers['x-scopes'] ?? '').split(',') };
      },
    });
    app.guards.define({
      kind: 'spec-scope',
      priority: 20,
      requires: ['spec-key'],
      compile: (wanted) => async (ctx) => {
        const granted = (ctx.state?.scopes ?? []) as string[];
        if (!(wanted as string[]).every((scope) => granted.includes(scope)))
          throw new ForbiddenException('Missing scope');
      },
    });
  },
});
const Keyed = () => recordGuard({ kind: 'spec-key', module: 'spec-api-key', label: 'Keyed()' });
const Scope = (scope: string) =>
  recordGuard({ kind: 'spec-scope', module: 'spec-api-key', label: `Scope('${scope}')`, options: scope });

const handlerCalls = sinon.spy();

@Controller('/reports')
@Keyed()
class ReportsController {
  @Get()
  list() {
    handlerCalls();
    return ['q1'];
  }

  @Get('/export')
  @Scope('export')
  @Scope('read')
  export(@Query(z.object({ format: z.enum(['csv', 'pdf']) })) query: { format: string }) {
    handlerCalls();
    return { exported: query.format };
  }
}

@Controller('/scoped-only')
class ScopedOnlyController {
  @Get()
  @Scope('read')
  read() {
    return { read: true };
  }
}

describe('guards on HTTP routes', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(
        createApp({ engine, controllers: [ReportsController, ScopedOnlyController] }).install(keyModule, {
          key: 'k1',
        }),
      );
    });
    after(() => served.close());
    beforeEach(() => handlerCalls.resetHistory());

    it('when a class guard refuses, no method of the class is reached', async () => {
      await request(served.url)
        .get('/reports')
        .expect(401, { statusCode: 401, error: 'Unauthorized', message: 'Bad key', code: 'UNAUTHENTICATED' });
      expect(handlerCalls.called).to.equal(false);
    });

    it('when every guard passes, the handler answers', async () => {
      await request(served.url).get('/reports').set('X-Api-Key', 'k1').expect(200, ['q1']);
      await request(served.url)
        .get('/reports/export?format=csv')
        .set('X-Api-Key', 'k1')
        .set('X-Scopes', 'read,export')
        .expect(200, { exported: 'csv' });
    });

    it('when a method guard refuses after the class guard passed, answers its 403', async () => {
      await request(served.url)
        .get('/reports/export')
        .set('X-Api-Key', 'k1')
        .set('X-Scopes', 'read')
        .expect(403, { statusCode: 403, error: 'Forbidden', message: 'Missing scope', code: 'FORBIDDEN' });
      expect(handlerCalls.called).to.equal(false);
    });

    it('runs a guard kind that another requires first, even when only the latter is declared', async () => {
      await request(served.url).get('/scoped-only').set('X-Scopes', 'read').expect(401);
      await request(served.url)
        .get('/scoped-only')
        .set('X-Api-Key', 'k1')
        .set('X-Scopes', 'read')
        .expect(200);
    });

    it('runs guards before validation: an unauthenticated caller gets 401, not 422', async () => {
      await request(served.url).get('/reports/export?format=xls').expect(401);
      await request(served.url)
        .get('/reports/export?format=xls')
        .set('X-Api-Key', 'k1')
        .set('X-Scopes', 'read,export')
        .expect(422);
    });
  });
});
