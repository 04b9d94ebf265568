import { Agent, get } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect } from 'chai';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { Database } from '../../../modules/database';
import '../../../modules/jobs';
import { Controller, createApp, Get, Inject, Injectable, Jobs, type Middleware, Param } from '../../../index';
import { enqueuingRequestId } from '../../../src/jobs';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { SpecJobs } from './support/job-fixtures';

/** A singleton that enqueues only after an await, far from the request that asked for it. */
@Injectable()
class Signups {
  constructor(@Inject(Jobs) private readonly jobs: Jobs) {}

  async record(n: number) {
    await nextTurn();
    return this.jobs.enqueue('record', { n });
  }
}

@Controller('/signups')
class SignupController {
  constructor(@Inject(Signups) private readonly signups: Signups) {}

  @Get('/:n')
  create(@Param('n') n: string) {
    return this.signups.record(Number(n));
  }
}

// What each request's middleware saw as the enqueuing request, by the request's own id.
const seenByMiddleware = new Map<string, string | undefined>();
const recordEnqueuingRequest: Middleware = (req, _res, next) => {
  seenByMiddleware.set(String(req.headers['x-request-id']), enqueuingRequestId());
  next();
};

interface Answer {
  status: number;
  body: string;
  reusedSocket: boolean;
}

// One request on the agent's single kept-alive socket.
function ask(agent: Agent, url: string, path: string, id: string): Promise<Answer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const request = get({ host: '127.0.0.1', port, path, agent, headers: { 'x-request-id': id } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, reusedSocket: request.reusedSocket }));
    });
    request.on('error', reject);
  });
}

describe('jobs module: the enqueuing request on a kept-alive connection', function () {
  this.timeout(30_000);

  forEachEngine((engine) => {
    let served: Served;
    let agent: Agent;
    before(async () => {
      const app = createApp({
        engine,
        logger: pino({ level: 'silent' }),
        requestId: true,
        controllers: [SignupController],
        providers: [Signups],
      })
        .install('database', { url: ':memory:' })
        .install('jobs', { handlers: [SpecJobs], worker: false });
      app.use(recordEnqueuingRequest);
      served = await serve(app);
    });
    after(() => served.close());
    beforeEach(() => {
      seenByMiddleware.clear();
      agent = new Agent({ keepAlive: true, maxSockets: 1 });
    });
    afterEach(() => agent.destroy());

    const storedRequestId = async (answer: Answer) => {
      const { id } = JSON.parse(answer.body) as { id: string };
      const db = served.app.container.get<Kysely<any>>(Database);
      const { rows } = await sql<{ request_id: string | null }>`
          SELECT request_id FROM trellis_jobs WHERE id = ${Number(id)}`.execute(db);
      return rows[0]?.request_id;
    };

    it("leaves nothing of a routed request to the next request's middleware on the same socket", async () => {
      const routed = await ask(agent, served.url, '/signups/1', `${engine}-routed`);
      const unknown = await ask(agent, served.url, '/nowhere', `${engine}-unknown`);
      expect([routed.status, unknown.status]).to.deep.equal([200, 404]);
      expect(unknown.reusedSocket, 'the second request went on the same socket').to.equal(true);
      expect([...seenByMiddleware]).to.deep.equal([
        [`${engine}-routed`, undefined],
        [`${engine}-unknown`, undefined],
      ]);
    });

    it('stores, with a job a singleton enqueues after an await, the id of the request below which it ran', async () => {
      const first = await ask(agent, served.url, '/signups/1', `${engine}-first`);
      const second = await ask(agent, served.url, '/signups/2', `${engine}-second`);
      expect(second.reusedSocket, 'the second request went on the same socket').to.equal(true);
      expect(await storedRequestId(first)).to.equal(`${engine}-first`);
      expect(await storedRequestId(second)).to.equal(`${engine}-second`);
    });
  });
});
