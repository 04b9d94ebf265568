import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Depends, Get, Inject, Injectable } from '../../index';
import { forEachEngine } from '../support/engines';
import { type Served, serve } from '../support/serve';

let created = 0;
const disposed: string[] = [];
let onDisposed: (() => void) | undefined;
const GREETING = Symbol('greeting');

@Injectable()
class Clock {
  readonly id = ++created;
}

@Injectable()
class Mailer {
  constructor(
    readonly clock: Clock,
    @Inject(GREETING) readonly greeting: string,
  ) {}
}

@Injectable('request')
class UnitOfWork {
  readonly id = ++created;
  open = true;
  dispose() {
    this.open = false;
    disposed.push(`unit:${this.id}`);
    onDisposed?.();
  }
}

@Injectable('request')
class Repository {
  readonly id = ++created;
  constructor(readonly unit: UnitOfWork) {}
  async [Symbol.asyncDispose]() {
    disposed.push(`repository:${this.id}`);
  }
}

@Injectable('transient')
class Stamp {
  readonly id = ++created;
}

@Controller('/scopes')
class ScopesController {
  constructor(
    private readonly clock: Clock,
    private readonly mailer: Mailer,
  ) {}

  @Get('/singleton')
  singleton(@Depends(Clock) clock: Clock) {
    return {
      injected: this.clock.id,
      depends: clock.id,
      viaMailer: this.mailer.clock.id,
      greeting: this.mailer.greeting,
    };
  }

  @Get('/request')
  perRequest(
    @Depends(UnitOfWork) a: UnitOfWork,
    @Depends(UnitOfWork) b: UnitOfWork,
    @Depends(Repository) repository: Repository,
  ) {
    return { a: a.id, b: b.id, viaRepository: repository.unit.id, openDuringHandler: a.open };
  }

  @Get('/transient')
  transient(@Depends(Stamp) a: Stamp, @Depends(Stamp) b: Stamp) {
    return { a: a.id, b: b.id };
  }
}

@Controller('/per-request-controller')
@Injectable('request')
class PerRequestController {
  readonly id = ++created;
  constructor(readonly unit: UnitOfWork) {}

  @Get()
  get(@Depends(UnitOfWork) unit: UnitOfWork) {
    return { controller: this.id, sameUnit: unit === this.unit };
  }
}

describe('scopes', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      const app = createApp({ engine, controllers: [ScopesController, PerRequestController] });
      app.container.bind(GREETING).toConstantValue('hi');
      served = await serve(app);
    });
    after(() => served.close());
    beforeEach(() => {
      disposed.length = 0;
    });

    describe("'singleton'", () => {
      it('gives the same instance across requests, to Depends and to constructors alike', async () => {
        const first = await request(served.url).get('/scopes/singleton').expect(200);
        const second = await request(served.url).get('/scopes/singleton').expect(200);
        expect(first.body).to.deep.equal(second.body);
        expect(first.body.injected).to.equal(first.body.depends);
        expect(first.body.viaMailer).to.equal(first.body.depends);
      });

      it('injects classes and container tokens into constructors', async () => {
        const res = await request(served.url).get('/scopes/singleton').expect(200);
        expect(res.body.greeting).to.equal('hi');
      });
    });

    describe("'request'", () => {
      it('shares one instance between every Depends of a request and the request-scoped services that inject it', async () => {
        const res = await request(served.url).get('/scopes/request').expect(200);
        expect(res.body.a).to.equal(res.body.b);
        expect(res.body.viaRepository).to.equal(res.body.a);
      });

      it('gives a new instance on the next request', async () => {
        const first = await request(served.url).get('/scopes/request').expect(200);
        const second = await request(served.url).get('/scopes/request').expect(200);
        expect(second.body.a).to.not.equal(first.body.a);
      });

      it('disposes the instances after the response, dependents first', async () => {
        const unitDisposed = new Promise<void>((resolve) => {
          onDisposed = resolve;
        });
        const res = await request(served.url).get('/scopes/request').expect(200);
        expect(res.body.openDuringHandler).to.equal(true);
        await unitDisposed;
        onDisposed = undefined;
        const repository = disposed.find((entry) => entry.startsWith('repository:'));
        expect(disposed).to.deep.equal([repository, `unit:${res.body.a}`]);
      });

      it('makes a request-scoped controller per request, sharing the scope with its handler', async () => {
        const first = await request(served.url).get('/per-request-controller').expect(200);
        const second = await request(served.url).get('/per-request-controller').expect(200);
        expect(first.body.sameUnit).to.equal(true);
        expect(second.body.controller).to.not.equal(first.body.controller);
      });
    });

    describe("'transient'", () => {
      it('gives a new instance to every injection', async () => {
        const first = await request(served.url).get('/scopes/transient').expect(200);
        const second = await request(served.url).get('/scopes/transient').expect(200);
        const ids = [first.body.a, first.body.b, second.body.a, second.body.b];
        expect(new Set(ids).size).to.equal(4);
      });
    });
  });
});
