import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import {
  Body,
  Controller,
  contract,
  createApp,
  Get,
  Implements,
  OnConnect,
  Param,
  Version,
  WebSocket,
  type WebSocketConnection,
} from '../../../src';
import { createClient } from '../../../src/client';
import { bearer, FAST_ROUNDS, PASSWORD, SECRET, stubUsers } from '../../modules/auth/auth-fixtures';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { TestClient } from '../websocket/support/ws-client';

const TaskSchema = z.object({ id: z.string(), title: z.string() });
const tasksApi = contract({
  getTask: {
    method: 'GET',
    path: '/tasks/:id',
    params: z.object({ id: z.string() }),
    responses: { 200: TaskSchema },
  },
  createTask: {
    method: 'POST',
    path: '/tasks',
    body: z.object({ title: z.string() }),
    responses: { 201: TaskSchema },
  },
  taskCount: {
    method: 'GET',
    path: '/task-count',
    version: '2',
    responses: { 200: z.object({ count: z.number() }) },
  },
});

@Controller()
class TasksController {
  @Implements(tasksApi.getTask)
  getTask(@Param('id') id: string) {
    return { id, title: `task ${id}` };
  }

  @Implements(tasksApi.createTask)
  createTask(@Body() body: { title: string }) {
    return { id: '7', title: body.title };
  }
}

@Controller({ path: '/items', version: '1' })
class ItemsController {
  @Get()
  list() {
    return { v: 1 };
  }

  @Get('/:id')
  @Version('2')
  one(@Param('id') id: string) {
    return { v: 2, id };
  }
}

@Controller()
class CountsController {
  @Implements(tasksApi.taskCount)
  taskCount() {
    return { count: 3 };
  }
}

@Controller({ path: '/health', prefix: false })
class HealthController {
  @Get()
  health() {
    return { status: 'ok' };
  }
}

@WebSocket('/live')
class LiveGateway {
  @OnConnect()
  hello(connection: WebSocketConnection) {
    connection.send({ hello: 'prefix-free' });
  }
}

describe('createApp({ prefix }): every controller route under one path', () => {
  forEachEngine((engine) => {
    let served: Served;
    let token: string;
    before(async () => {
      const users = await stubUsers();
      const app = createApp({
        engine,
        prefix: '/api',
        versioning: { type: 'uri' },
        controllers: [TasksController, ItemsController, CountsController, HealthController],
        gateways: [LiveGateway],
        openapi: { title: 'Prefixed', version: '1.0.0' },
      }).install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider: users.provider,
        bcryptRounds: FAST_ROUNDS,
        routes: true,
      });
      served = await serve(app);
      const login = await request(served.url)
        .post('/api/auth/login')
        .send({ username: 'ada', password: PASSWORD })
        .expect(200);
      token = login.body.accessToken;
    });
    after(() => served.close());

    it("serves the controllers' routes under the prefix, and nothing at their bare paths", async () => {
      expect((await request(served.url).get('/api/tasks/1').expect(200)).body).to.deep.equal({
        id: '1',
        title: 'task 1',
      });
      await request(served.url).post('/api/tasks').send({ title: 'x' }).expect(201);
      await request(served.url).get('/tasks/1').expect(404);
      await request(served.url).get('/api').expect(404);
    });

    it("serves the auth module's reference endpoints under the prefix", async () => {
      const me = await request(served.url)
        .get('/api/auth/me')
        .set('authorization', bearer(token))
        .expect(200);
      expect(me.body.username).to.equal('ada');
      await request(served.url).post('/auth/login').send({ username: 'ada', password: 'x' }).expect(404);
    });

    it('puts URI versions below the prefix: /api/v1/items', async () => {
      expect((await request(served.url).get('/api/v1/items').expect(200)).body).to.deep.equal({ v: 1 });
      expect((await request(served.url).get('/api/v2/items/9').expect(200)).body).to.deep.equal({
        v: 2,
        id: '9',
      });
      await request(served.url).get('/v1/items').expect(404);
      await request(served.url).get('/api/items').expect(404);
    });

    it('leaves a Controller({ prefix: false }), the docs and the gateways where they are', async () => {
      await request(served.url).get('/health').expect(200);
      await request(served.url).get('/api/health').expect(404);
      await request(served.url).get('/openapi.json').expect(200);
      await request(served.url).get('/api/openapi.json').expect(404);
      const client = await TestClient.connect(`${served.url.replace('http', 'ws')}/live`);
      expect(await client.next()).to.deep.equal({ hello: 'prefix-free' });
      client.socket.close();
    });

    it('documents the prefixed paths in the OpenAPI document, and app.inspect() names them', async () => {
      const doc = (await request(served.url).get('/openapi.json').expect(200)).body;
      expect(Object.keys(doc.paths)).to.have.members([
        '/api/tasks/{id}',
        '/api/tasks',
        '/api/v2/task-count',
        '/api/v1/items',
        '/api/v2/items/{id}',
        '/health',
        '/api/auth/login',
        '/api/auth/refresh',
        '/api/auth/me',
        '/api/auth/logout',
      ]);
      const v1 = (await request(served.url).get('/openapi/v1.json').expect(200)).body;
      expect(v1.paths).to.have.property('/api/v1/items');
      const routes = (await served.app.inspect()).routes.map((route) => `${route.method} ${route.path}`);
      expect(routes).to.include.members(['GET /api/tasks/:id', 'GET /health', 'POST /api/auth/login']);
    });

    it('lets the typed client of the contract call the prefixed routes through its baseUrl', async () => {
      const api = createClient(tasksApi, { baseUrl: `${served.url}/api`, versioning: { type: 'uri' } });
      const one = await api.getTask({ params: { id: '5' } });
      expect(one).to.include({ status: 200 });
      expect(one.body).to.deep.equal({ id: '5', title: 'task 5' });
      const created = await api.createTask({ body: { title: 'write' } });
      expect(created.status).to.equal(201);
      const count = await api.taskCount();
      expect(count.body).to.deep.equal({ count: 3 });
    });
  });

  describe('a prefix that is no literal path', () => {
    for (const prefix of ['api', '/api/', '/', '/api//v1', '/api/:tenant', '/api/*rest', '/api?x=1'])
      it(`refuses '${prefix}' at createApp with TRELLIS_ERR_BAD_ROUTE_PREFIX`, () => {
        const error = expectThrowsCode(() => createApp({ prefix }), 'TRELLIS_ERR_BAD_ROUTE_PREFIX');
        expect(error.message).to.include(`'${prefix}'`);
      });

    it('refuses a prefix that is not a string with TRELLIS_ERR_INVALID_OPTION', () => {
      expectThrowsCode(() => createApp({ prefix: 42 as never }), 'TRELLIS_ERR_INVALID_OPTION');
    });
  });
});
