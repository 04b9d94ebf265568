import { expect } from 'chai';
import { z } from 'zod';
import {
  Controller,
  createApp,
  Get,
  OnDisconnect,
  OnMessage,
  Query,
  Resolver,
  ServiceUnavailableException,
  Subscription,
  WebSocket,
} from '../../../index';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from '../graphql/graphql-client';
import { subscribe, subscriptionClient } from '../graphql/subscription-client';
import { type CapturedLogs, captureLogs, until } from '../observability/log-capture';
import { TestClient, wsUrl } from '../websocket/support/ws-client';

// The internals every failure hides from its client and logs once, with the cause.
const SECRET = 'disk on fire at /var/secret';

@Controller('/failing')
class FailingController {
  @Get('/crash')
  crash() {
    throw new Error(SECRET);
  }

  @Get('/down')
  down() {
    throw new ServiceUnavailableException('Store unreachable');
  }
}

@WebSocket('/failing')
class FailingGateway {
  @OnMessage()
  message() {
    throw new Error(SECRET);
  }

  @OnDisconnect()
  disconnect() {
    throw new Error(SECRET);
  }
}

@Resolver()
class FailingResolver {
  @Query(z.string())
  crash() {
    throw new Error(SECRET);
  }

  @Subscription(z.string())
  async *breaking() {
    yield 'first';
    throw new Error(SECRET);
  }
}

// The lines of the failure reporter: 5xx at error with the cause, 503 as a warning.
const reported = (logs: CapturedLogs) => logs.lines.filter((line) => line.level >= 40);

describe('Failures on every transport are reported once, by the failure reporter', () => {
  forEachEngine((engine) => {
    let served: Served;
    let logs: CapturedLogs;

    beforeEach(async () => {
      logs = captureLogs();
      served = await serve(
        createApp({
          engine,
          logger: logs.logger,
          controllers: [FailingController],
          gateways: [FailingGateway],
          resolvers: [FailingResolver],
        }),
      );
    });
    afterEach(() => served.close());

    it('an HTTP route: one error line with the cause, and a 500 that hides it', async () => {
      const response = await fetch(`${served.url}/failing/crash`);
      expect(response.status).to.equal(500);
      expect(await response.text()).not.to.include(SECRET);
      await until(() => reported(logs).length > 0);
      const [line, ...more] = reported(logs);
      expect(more).to.deep.equal([]);
      expect(line).to.include({ level: 50, msg: 'request failed', statusCode: 500 });
      expect(line.err.message).to.equal(SECRET);
    });

    it('an HTTP route: a 503 is one short warning, without a stack', async () => {
      expect((await fetch(`${served.url}/failing/down`)).status).to.equal(503);
      await until(() => reported(logs).length > 0);
      expect(reported(logs)).to.have.length(1);
      expect(reported(logs)[0]).to.include({ level: 40, msg: 'Store unreachable', statusCode: 503 });
      expect(reported(logs)[0]).not.to.have.property('err');
    });

    it('an HTTP route: a burst of the same 503 (a store down) is one warning, not one per request', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${served.url}/failing/down`).then((res) => res.status)),
      );
      expect(answers).to.deep.equal(Array(20).fill(503));
      await until(() => reported(logs).length > 0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(reported(logs).filter((line) => line.msg === 'Store unreachable')).to.have.length(1);
    });

    it('a gateway message and its OnDisconnect: one error line each, with the cause', async () => {
      const client = await TestClient.connect(wsUrl(served.url, '/failing'));
      expect(await client.ask({ type: 'hello' })).to.deep.equal({
        type: 'error',
        message: 'Internal Server Error',
        code: 'INTERNAL_SERVER_ERROR',
      });
      await client.close();
      await until(() => reported(logs).length >= 2);
      const lines = reported(logs);
      expect(lines.map((line) => [line.level, line.msg, line.statusCode])).to.deep.equal([
        [50, 'WebSocket handler failed', 500],
        [50, 'WebSocket OnDisconnect failed', 500],
      ]);
      for (const line of lines) expect(line.err.message).to.equal(SECRET);
    });

    it('a GraphQL field: one error line with the cause, and an error that hides it', async () => {
      const { body } = await postGraphql(served.url, '{ crash }');
      expect(body.errors?.[0]).to.include({ message: 'Internal Server Error' });
      expect(JSON.stringify(body)).not.to.include(SECRET);
      await until(() => reported(logs).length > 0);
      expect(reported(logs)).to.have.length(1);
      expect(reported(logs)[0]).to.include({ level: 50, msg: 'resolver failed', statusCode: 500 });
      expect(reported(logs)[0].err.message).to.equal(SECRET);
    });

    it('a GraphQL subscription whose stream fails later: one error line, and an error that hides it', async () => {
      const client = subscriptionClient(served.url);
      try {
        const probe = subscribe(client, 'subscription { breaking }');
        await until(() => probe.error !== undefined);
        expect(probe.results).to.deep.equal([{ data: { breaking: 'first' } }]);
        expect(JSON.stringify(probe.error)).to.include('Internal Server Error');
        expect(JSON.stringify(probe.error)).not.to.include(SECRET);
        expect(reported(logs)).to.have.length(1);
        expect(reported(logs)[0]).to.include({ level: 50, msg: 'resolver failed', statusCode: 500 });
        expect(reported(logs)[0].err.message).to.equal(SECRET);
      } finally {
        await client.dispose();
      }
    });
  });
});
