import { expect } from 'chai';
import { Controller, createApp, Depends, Get, Injectable } from '../../../src';
import type { RequestContext } from '../../../src/http/request-context';
import type { CompiledRoute } from '../../../src/routing/compiled-route';
import { fakeRequestContext } from '../../support/fake-request-context';

const disposed: string[] = [];

@Injectable('request')
class Tracked {
  dispose() {
    disposed.push('tracked');
  }
}

@Controller('/steps')
class StepsController {
  @Get('/sync')
  sync() {
    return { step: 'sync' };
  }

  @Get('/async')
  async later() {
    await new Promise((resolve) => setImmediate(resolve));
    return { step: 'async' };
  }

  @Get('/throws')
  throws(@Depends(Tracked) _tracked: Tracked) {
    throw new Error('boom');
  }

  @Get('/rejects')
  async rejects(@Depends(Tracked) _tracked: Tracked) {
    throw new Error('boom');
  }

  @Get('/circular')
  circular() {
    const value: { self?: unknown } = {};
    value.self = value;
    return value;
  }
}

interface Answer {
  status?: number;
  body?: string;
}

function contextFor(answer: Answer): RequestContext {
  const res = {
    statusCode: 200,
    headersSent: false,
    setHeader() {},
    end(body?: string) {
      answer.status = res.statusCode;
      answer.body = body;
      res.headersSent = true;
    },
  };
  return fakeRequestContext({ res });
}

describe('compileRoute(): the compiled handler', () => {
  let routes: readonly CompiledRoute[];
  const app = createApp({ controllers: [StepsController], openapi: false, graphql: false });

  before(async () => {
    await app.ready();
    routes = app.routes;
  });
  after(() => app.close());
  beforeEach(() => {
    disposed.length = 0;
  });

  const route = (path: string) => routes.find((candidate) => candidate.path === path)!;

  it('when every step is synchronous, answers before handle() returns, with no promise', () => {
    const answer: Answer = {};
    const outcome = route('/steps/sync').handle(contextFor(answer));
    expect(outcome).to.equal(undefined);
    expect(answer).to.deep.equal({ status: 200, body: '{"step":"sync"}' });
  });

  it('when the handler is asynchronous, answers once it settles', async () => {
    const answer: Answer = {};
    const outcome = route('/steps/async').handle(contextFor(answer));
    expect(answer.status).to.equal(undefined);
    await outcome;
    expect(answer).to.deep.equal({ status: 200, body: '{"step":"async"}' });
  });

  for (const path of ['/steps/throws', '/steps/rejects']) {
    it(`when the handler fails (${path}), answers 500 and still disposes the request scope`, async () => {
      const answer: Answer = {};
      await route(path).handle(contextFor(answer));
      expect(answer.status).to.equal(500);
      expect(JSON.parse(answer.body!)).to.include({ statusCode: 500 });
      expect(disposed).to.deep.equal(['tracked']);
    });
  }

  it('when the result cannot be serialised, answers 500 instead of leaving the request open', () => {
    const answer: Answer = {};
    route('/steps/circular').handle(contextFor(answer));
    expect(answer.status).to.equal(500);
  });
});
