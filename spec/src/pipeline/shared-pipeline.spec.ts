import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import pino from 'pino';
import { z } from 'zod';
import {
  type CallContext,
  Controller,
  createApp,
  ForbiddenException,
  Get,
  Injectable,
  Job,
  Jobs,
  OnMessage,
  Query,
  Resolver,
  type RouteHook,
  WebSocket,
  type WebSocketConnection,
} from '../../../index';
import type { Application } from '../../../src/app/application';
import { drainJobs } from '../../../testing';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from '../graphql/graphql-client';
import { TestClient, wsUrl } from '../websocket/support/ws-client';

const ALL = ['http', 'ws', 'graphql', 'jobs'];
const region = new AsyncLocalStorage<string>();
/** What each transport's handler saw of the onRequest hook's store: `transport:store`. */
const seen: string[] = [];
/** Each call the guard hook judged: `transport:Class.method`. */
const judged: string[] = [];
/** Each call the preHandler hook let through. */
const wrapped: string[] = [];

const regionHook: RouteHook<'onRequest'> = {
  name: 'region',
  phase: 'onRequest',
  transports: ALL,
  compile: ({ transport }) => ({ step: (ctx, call) => region.run(`${transport}-region`, call, ctx) }),
};

const hooks: RouteHook[] = [
  {
    name: 'no forbidden handlers',
    phase: 'guard',
    transports: ALL,
    compile: ({ transport, where }) => ({
      step: () => {
        judged.push(`${transport}:${where}`);
        if (where.endsWith('.forbidden')) throw new ForbiddenException('Not here');
      },
    }),
  },
  {
    name: 'counted',
    phase: 'preHandler',
    transports: ALL,
    compile: ({ transport }) => ({
      step: (_ctx: CallContext, next: () => unknown) => {
        wrapped.push(transport);
        return next();
      },
    }),
  },
  // Named for routes alone (no transports): the other transports never run it.
  {
    name: 'routes only',
    phase: 'guard',
    compile: ({ where }) => ({ step: () => void judged.push(`routes-only:${where}`) }),
  },
];

const note = (transport: string) => seen.push(`${transport}:${region.getStore()}`);

@Controller('/here')
class HereController {
  @Get()
  here() {
    note('http');
    return { ok: true };
  }
}

@WebSocket('/here')
class HereGateway {
  @OnMessage()
  message(_client: WebSocketConnection, message: { forbidden?: boolean }) {
    note('ws');
    return { echoed: message };
  }
}

@Resolver()
class HereResolver {
  @Query(z.string())
  here() {
    note('graphql');
    return 'here';
  }

  @Query(z.string())
  forbidden() {
    return 'never';
  }
}

@Injectable()
class HereJobs {
  @Job('here', z.object({}))
  here() {
    note('jobs');
  }
}

describe('one pipeline registry for every transport', function () {
  this.timeout(20_000);
  const folders: string[] = [];
  const servers: Served[] = [];
  after(async () => {
    for (const each of servers) await each.close();
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });

  forEachEngine((engine) => {
    let served: Served;
    let app: Application;
    before(async () => {
      const folder = mkdtempSync(join(tmpdir(), 'trellis-pipeline-'));
      folders.push(folder);
      app = createApp({
        engine,
        logger: pino({ level: 'silent' }),
        controllers: [HereController],
        gateways: [HereGateway],
        resolvers: [HereResolver],
      })
        .install('database', { url: `sqlite:${join(folder, 'app.db')}` })
        .install('jobs', { handlers: [HereJobs], pollIntervalMs: 20 });
      app.pipeline.add(regionHook);
      for (const hook of hooks) app.pipeline.add(hook);
      served = await serve(app);
      servers.push(served);
    });
    beforeEach(() => {
      for (const list of [seen, judged, wrapped]) list.length = 0;
    });

    it('runs a route through the hooks that join HTTP, its own included', async () => {
      const response = await fetch(`${served.url}/here`);
      expect(response.status).to.equal(200);
      expect(seen).to.deep.equal(['http:http-region']);
      expect(judged).to.deep.equal(['http:HereController.here', 'routes-only:HereController.here']);
      expect(wrapped).to.deep.equal(['http']);
    });

    it('runs a WebSocket message through the same onRequest, guard and preHandler hooks', async () => {
      const client = await TestClient.connect(wsUrl(served.url, '/here'));
      try {
        expect(await client.ask({ n: 1 })).to.deep.equal({ echoed: { n: 1 } });
      } finally {
        await client.close();
      }
      expect(seen).to.deep.equal(['ws:ws-region']);
      expect(judged).to.deep.equal(['ws:HereGateway.message']);
      expect(wrapped).to.deep.equal(['ws']);
    });

    it('runs a GraphQL field through them, and a guard hook refuses a field as it refuses a route', async () => {
      const { body } = await postGraphql(served.url, '{ here }');
      expect(body.data).to.deep.equal({ here: 'here' });
      expect(seen).to.deep.equal(['graphql:graphql-region']);
      const refused = await postGraphql(served.url, '{ forbidden }');
      expect(refused.body.errors?.[0]?.extensions?.code).to.equal('FORBIDDEN');
      expect(judged).to.deep.equal(['graphql:HereResolver.here', 'graphql:HereResolver.forbidden']);
      expect(wrapped).to.deep.equal(['graphql']);
    });

    it('runs a job through them', async () => {
      await app.container.get<Jobs>(Jobs).enqueue('here', {});
      await drainJobs(app);
      expect(seen).to.deep.equal(['jobs:jobs-region']);
      expect(judged).to.deep.equal(['jobs:HereJobs.here']);
      expect(wrapped).to.deep.equal(['jobs']);
    });
  });
});
