import { expect } from 'chai';
import request from 'supertest';
import { type AppOptions, createApp, rateLimit } from '../../../src';
import { capturingLogger } from '../../support/capturing-logger';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { FreeController, LimitedController, recordingLogger } from './limited-app';

describe('rateLimit behind a reverse proxy', () => {
  forEachEngine((engine) => {
    const logger = recordingLogger();

    async function serveWith(trustProxy: AppOptions['trustProxy']): Promise<Served> {
      const app = createApp({ engine, trustProxy, controllers: [LimitedController, FreeController] });
      app.use('/limited', rateLimit({ windowMs: 60_000, max: 2, logger }));
      return serve(app);
    }

    const from = (served: Served, forwardedFor: string) =>
      request(served.url).get('/limited').set('X-Forwarded-For', forwardedFor);

    for (const trustProxy of [
      1,
      'loopback',
      ['10.0.0.0/8', '127.0.0.1'],
      '10.0.0.0/8, 127.0.0.0/8',
    ] as const) {
      describe(`when trustProxy is ${JSON.stringify(trustProxy)} (the proxy runs on this host)`, () => {
        let served: Served;
        before(async () => {
          served = await serveWith(trustProxy);
        });
        after(() => served.close());

        it('keys each client by its X-Forwarded-For address, not the proxy address', async () => {
          await from(served, '203.0.113.1').expect(200);
          await from(served, '203.0.113.1').expect(200);
          await from(served, '203.0.113.1').expect(429);
          await from(served, '203.0.113.2').expect(200);
        });

        it('ignores what the client itself wrote before the proxy appended the real address', async () => {
          await from(served, '198.51.100.1, 203.0.113.50').expect(200);
          await from(served, '198.51.100.2, 203.0.113.50').expect(200);
          await from(served, '198.51.100.3, 203.0.113.50').expect(429);
        });
      });
    }

    describe('when trustProxy is 2 (two proxies)', () => {
      let served: Served;
      before(async () => {
        served = await serveWith(2);
      });
      after(() => served.close());

      it('takes the address the outer proxy saw', async () => {
        await from(served, '198.51.100.7, 203.0.113.1').expect(200);
        await from(served, '198.51.100.7, 203.0.113.2').expect(200);
        await from(served, '198.51.100.7, 203.0.113.3').expect(429);
        await from(served, '198.51.100.8, 203.0.113.1').expect(200);
      });
    });

    describe('when trustProxy lists addresses that are not the proxy in front', () => {
      let served: Served;
      before(async () => {
        served = await serveWith(['10.0.0.0/8']);
      });
      after(() => served.close());

      it('ignores X-Forwarded-For from that untrusted peer', async () => {
        await from(served, '203.0.113.1').expect(200);
        await from(served, '203.0.113.2').expect(200);
        await from(served, '203.0.113.3').expect(429);
      });
    });

    describe('when trustProxy is true', () => {
      let served: Served;
      before(async () => {
        served = await serveWith(true);
      });
      after(() => served.close());

      it('takes the left-most address, which the client writes: each forged address is a new client', async () => {
        await from(served, '198.51.100.1, 203.0.113.50').expect(200);
        await from(served, '198.51.100.1, 203.0.113.50').expect(200);
        await from(served, '198.51.100.1, 203.0.113.50').expect(429);
        await from(served, '198.51.100.2, 203.0.113.50').expect(200);
      });
    });

    describe('when trustProxy is malformed', () => {
      it('createApp refuses it with a clear error', () => {
        const make = (trustProxy: unknown) => () =>
          createApp({ engine, trustProxy: trustProxy as AppOptions['trustProxy'] });
        expect(make(-1)).to.throw('trustProxy: a hop count must be a whole number');
        expect(make(1.5)).to.throw('trustProxy: a hop count');
        expect(make('10.0.0.0/33')).to.throw('"10.0.0.0/33"');
        expect(make(['10.0.0.1', 'proxy.example.com'])).to.throw('"proxy.example.com"');
        expect(make('')).to.throw('trustProxy');
        expect(make({ hops: 1 }))
          .to.throw(/trustProxy/)
          .with.property('code', 'TRELLIS_ERR_INVALID_OPTION');
        expect(make(-1)).to.throw().with.property('code', 'TRELLIS_ERR_INVALID_OPTION');
      });

      it('refuses a prefix of 0 or a netmask with gaps with TRELLIS_ERR_INVALID_OPTION naming the value', () => {
        for (const [value, named] of [
          ['0.0.0.0/0', '0.0.0.0/0'],
          ['::/0', '::/0'],
          ['10.0.0.0/255.0.255.0', '10.0.0.0/255.0.255.0'],
          ['loopback, 0.0.0.0/0', '0.0.0.0/0'],
        ]) {
          const make = () => createApp({ engine, trustProxy: value });
          expect(make, value)
            .to.throw(JSON.stringify(named))
            .with.property('code', 'TRELLIS_ERR_INVALID_OPTION');
        }
        expect(() => createApp({ engine, trustProxy: '10.0.0.0/255.0.0.0' })).not.to.throw();
      });
    });

    describe('the start-up warning', () => {
      it('is logged once at ready() when trustProxy is true, and not for a count or a list', async () => {
        const trusting = capturingLogger();
        await createApp({ engine, trustProxy: true, logger: trusting.logger }).ready();
        const warnings = trusting.lines.filter((line) => line.level === 40);
        expect(warnings).to.have.length(1);
        expect(warnings[0].msg).to.match(/^trustProxy is true: .*any client writes itself/);
        for (const trustProxy of [1, 'loopback'] as const) {
          const counted = capturingLogger();
          await createApp({ engine, trustProxy, logger: counted.logger }).ready();
          expect(counted.lines.filter((line) => line.level === 40)).to.deep.equal([]);
        }
      });
    });

    describe('when trustProxy is not set', () => {
      let served: Served;
      before(async () => {
        served = await serveWith(undefined);
      });
      after(() => served.close());

      it('ignores X-Forwarded-For, so a client cannot escape the limit by forging it', async () => {
        await from(served, '203.0.113.1').expect(200);
        await from(served, '203.0.113.2').expect(200);
        await from(served, '203.0.113.3').expect(429);
        await request(served.url).get('/limited').expect(429);
      });
    });

    describe('afterwards', () => {
      it('reports no misconfiguration', () => {
        expect(logger.messages).to.deep.equal([]);
      });
    });
  });
});
