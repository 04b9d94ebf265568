import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { z } from 'zod';
import {
  Consumer,
  Consumes,
  Payload,
  Queue,
  queueFeature,
} from '../../examples/architecture/queue-transport';
import { Tenant, tenancyModule } from '../../examples/architecture/tenancy-module';

import { Controller, createApp, Get, HTTPException, Var } from '../../index';
import { forEachEngine } from '../support/engines';

const ROOT = join(__dirname, '..', '..', '..');
const example = (name: string) => readFileSync(join(ROOT, 'examples', 'architecture', `${name}.ts`), 'utf8');

@Controller('/invoices')
@Tenant()
class InvoicesController {
  @Get()
  list(@Var('tenant') tenant: string) {
    return { tenant, invoices: [] };
  }
}

const delivered: unknown[] = [];

@Consumer()
class SignupConsumer {
  @Consumes('user.created')
  @Tenant()
  welcome(@Payload(z.object({ email: z.email() })) user: { email: string }, @Var('tenant') tenant: string) {
    delivered.push({ tenant, email: user.email });
  }
}

describe('docs/architecture.md: its examples, compiled and run', () => {
  it('shows each example file whole, so the page and the code cannot drift apart', () => {
    const page = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8');
    for (const name of ['tenancy-module', 'queue-transport'])
      expect(page, `${name}.ts in docs/architecture.md`).to.include(example(name).trim());
  });

  forEachEngine((engine) => {
    describe('how to add a module: tenancy', () => {
      // Installed by name: the module declares its options in ModuleOptionsMap.
      const app = createApp({ engine, controllers: [InvoicesController] }).install('tenancy', {
        tenants: ['acme', 'globex'],
      });
      after(() => app.close());

      it("lets a known tenant through, and a handler reads it with Var('tenant')", async () => {
        const res = await app.inject({ method: 'GET', url: '/invoices', headers: { 'x-tenant': 'globex' } });
        expect(res.statusCode).to.equal(200);
        expect(res.json()).to.deep.equal({ tenant: 'globex', invoices: [] });
      });

      it('answers 400 with its own code for a missing or unknown tenant', async () => {
        for (const headers of [{}, { 'x-tenant': 'initech' }, { 'x-tenant': ['acme', 'acme'] }]) {
          const res = await app.inject({ method: 'GET', url: '/invoices', headers });
          expect(res.statusCode, JSON.stringify(headers)).to.equal(400);
          expect(res.json()).to.include({ code: 'UNKNOWN_TENANT' });
        }
      });
    });
  });

  describe('how to add a transport: a queue', () => {
    const app = createApp({ consumers: [SignupConsumer] })
      .install(tenancyModule, { tenants: ['acme'] })
      .install(queueFeature, undefined);
    let queue: Queue;
    before(async () => {
      await app.ready();
      queue = app.container.get(Queue);
    });
    after(() => app.close());
    beforeEach(() => delivered.splice(0));

    it('delivers a message through the same pipeline: guards, validated payload, variables', async () => {
      await queue.publish('user.created', { email: 'ada@example.com' }, { 'x-tenant': 'acme' });
      expect(delivered).to.deep.equal([{ tenant: 'acme', email: 'ada@example.com' }]);
    });

    it('refuses a message the guards refuse, or whose payload fails its schema, before the method runs', async () => {
      const refused = await queue.publish('user.created', { email: 'ada@example.com' }).catch((err) => err);
      expect(refused).to.be.instanceOf(HTTPException);
      expect(refused).to.include({ statusCode: 400 });
      const invalid = await queue
        .publish('user.created', { email: 'not an address' }, { 'x-tenant': 'acme' })
        .catch((err) => err);
      expect(invalid).to.include({ statusCode: 422 });
      expect(delivered).to.deep.equal([]);
    });

    it('refuses at ready() a consumer class given without its decorator, as for every role', async () => {
      class Plain {}
      const wrong = createApp({ consumers: [Plain] }).install(queueFeature, undefined);
      const failure = await wrong.ready().then(
        () => undefined,
        (err) => err,
      );
      expect(failure).to.include({ code: 'TRELLIS_ERR_NOT_DECORATED' });
      expect(String(failure?.message)).to.include('@Consumer()');
    });
  });
});
