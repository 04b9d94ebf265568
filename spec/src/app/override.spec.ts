import { expect } from 'chai';
import sinon from 'sinon';
import request from 'supertest';
import { Controller, createApp, Depends, Get, Inject, Injectable, Param } from '../../../index';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

@Injectable()
class UserStore {
  find(id: string): { id: string; name: string } | undefined {
    throw new Error(`the real store was used for ${id}`);
  }
}

@Injectable('request')
class AuditTrail {
  record(_event: string): void {
    throw new Error('the real audit trail was used');
  }
}

interface Clock {
  now(): number;
}
const CLOCK = Symbol('clock');

@Controller('/users')
class UsersController {
  constructor(
    private readonly store: UserStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('/:id')
  one(@Param('id') id: string, @Depends(AuditTrail) audit: AuditTrail) {
    audit.record(`read ${id}`);
    return { user: this.store.find(id) ?? null, at: this.clock.now() };
  }

  @Get('/:id/via-depends')
  viaDepends(@Param('id') id: string, @Depends(UserStore) store: UserStore, @Depends(CLOCK) clock: Clock) {
    return { user: store.find(id) ?? null, at: clock.now() };
  }
}

@Injectable()
class IdSource {
  private next = 0;
  take() {
    return ++this.next;
  }
}

const fakeAudits: number[] = [];

@Injectable()
class FakeAuditTrail extends AuditTrail {
  readonly id: number;
  constructor(ids: IdSource) {
    super();
    this.id = ids.take();
  }
  override record() {
    fakeAudits.push(this.id);
  }
}

class FakeUserStore extends UserStore {
  override find(id: string) {
    return { id, name: 'from the fake class' };
  }
}

describe('app.override()', () => {
  forEachEngine((engine) => {
    describe('with sinon stubs, before ready()', () => {
      let served: Served;
      let store: sinon.SinonStubbedInstance<UserStore>;
      let audit: sinon.SinonStubbedInstance<AuditTrail>;
      const clock = { now: sinon.stub().returns(1_700_000_000) };

      before(async () => {
        store = sinon.createStubInstance(UserStore);
        store.find.withArgs('1').returns({ id: '1', name: 'Ada' });
        audit = sinon.createStubInstance(AuditTrail);
        const app = createApp({ engine, controllers: [UsersController] });
        app.container.bind(CLOCK).toConstantValue({ now: () => 0 });
        app.override(UserStore, store).override(AuditTrail, audit).override(CLOCK, clock);
        served = await serve(app);
      });
      after(() => served.close());

      it('replaces a class token in constructors and in Depends', async () => {
        await request(served.url)
          .get('/users/1')
          .expect(200, { user: { id: '1', name: 'Ada' }, at: 1_700_000_000 });
        await request(served.url)
          .get('/users/1/via-depends')
          .expect(200, { user: { id: '1', name: 'Ada' }, at: 1_700_000_000 });
        expect(store.find.calledWith('1')).to.equal(true);
      });

      it('replaces a request-scoped class, so the stub sees the calls', async () => {
        await request(served.url).get('/users/2').expect(200, { user: null, at: 1_700_000_000 });
        expect(audit.record.calledWith('read 2')).to.equal(true);
      });

      it('replaces a symbol token that was already bound', async () => {
        clock.now.resetHistory();
        await request(served.url).get('/users/2/via-depends').expect(200);
        expect(clock.now.calledOnce).to.equal(true);
      });
    });

    it('with a class, builds that class in the scope of what it replaces, with its own dependencies', async () => {
      const app = createApp({ engine, controllers: [UsersController] });
      app.container.bind(CLOCK).toConstantValue({ now: () => 5 });
      app.override(UserStore, FakeUserStore).override(AuditTrail, FakeAuditTrail);
      const served = await serve(app);
      try {
        fakeAudits.length = 0;
        await request(served.url)
          .get('/users/9')
          .expect(200, { user: { id: '9', name: 'from the fake class' }, at: 5 });
        await request(served.url).get('/users/9').expect(200);
        // AuditTrail is request-scoped, so its replacement is built once per request.
        expect(fakeAudits).to.deep.equal([1, 2]);
      } finally {
        await served.close();
      }
    });

    it('after ready(), throws', async () => {
      const app = createApp({ engine, controllers: [UsersController] });
      app.container.bind(CLOCK).toConstantValue({ now: () => 0 });
      await app.ready();
      expectThrowsCode(() => app.override(UserStore, {}), 'TRELLIS_ERR_AFTER_READY');
      await app.close();
    });
  });
});
