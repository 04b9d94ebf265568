import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectCode, expectThrowsCode } from '../../support/expect-code';

@Controller('/health')
class HealthController {
  @Get()
  health() {
    return { ok: true };
  }
}

@Controller('/late')
class LateController {
  @Get()
  late() {
    return { late: true };
  }
}

describe('Application lifecycle', () => {
  it('when the engine is unknown, createApp() refuses it by name', () => {
    const failure = expectThrowsCode(
      () => createApp({ engine: 'koa' as 'express' }),
      'TRELLIS_ERR_UNKNOWN_ENGINE',
    );
    expect(failure.message).to.include("'koa'");
  });

  forEachEngine((engine) => {
    it('ready() resolves to a node:http request listener that serves the routes', async () => {
      const app = createApp({ engine, controllers: [HealthController] });
      const listener = await app.ready();
      expect(listener).to.be.a('function');
      const server = createServer(listener);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        await request(`http://127.0.0.1:${port}`).get('/health').expect(200, { ok: true });
      } finally {
        await new Promise((resolve) => server.close(resolve));
        await app.close();
      }
    });

    it('ready() called twice gives the same promise and builds once', async () => {
      const app = createApp({ engine, controllers: [HealthController] });
      let compiled = 0;
      app.onCompiled(() => {
        compiled++;
      });
      const first = app.ready();
      expect(app.ready()).to.equal(first);
      await first;
      expect(await app.ready()).to.equal(await first);
      expect(compiled).to.equal(1);
      expect(app.routes.map((route) => `${route.method} ${route.path}`)).to.deep.equal(['GET /health']);
      await app.close();
    });

    it('listen(0) listens on an ephemeral loopback port and resolves to the server', async () => {
      const app = createApp({ engine, controllers: [HealthController] });
      const server = await app.listen(0);
      try {
        const { port, address } = server.address() as AddressInfo;
        expect(port).to.be.greaterThan(0);
        expect(address).to.equal('127.0.0.1');
        await request(`http://127.0.0.1:${port}`).get('/health').expect(200);
        let second: Error | undefined;
        await app.listen(0).catch((err: Error) => {
          second = err;
        });
        expectCode(second, 'TRELLIS_ERR_ALREADY_LISTENING');
      } finally {
        await app.close();
      }
    });

    it('register() adds controllers after createApp, before ready()', async () => {
      const app = createApp({ engine, controllers: [HealthController] });
      expect(app.register(LateController)).to.equal(app);
      const server = await app.listen(0);
      try {
        const { port } = server.address() as AddressInfo;
        await request(`http://127.0.0.1:${port}`).get('/late').expect(200, { late: true });
        expect(app.classesOf('controller')).to.deep.equal([HealthController, LateController]);
      } finally {
        await app.close();
      }
    });

    it('after ready(), register(), use() and install() refuse to change the app', async () => {
      const app = createApp({ engine, controllers: [HealthController] });
      await app.ready();
      expectThrowsCode(() => app.register(LateController), 'TRELLIS_ERR_AFTER_READY');
      expectThrowsCode(() => app.use((_req, _res, next) => next()), 'TRELLIS_ERR_AFTER_READY');
      expectThrowsCode(
        () => app.install({ name: 'late-module', install() {} }, {}),
        'TRELLIS_ERR_AFTER_READY',
      );
      await app.close();
    });

    it('when ready() fails, every later ready() gives the same failure', async () => {
      @Controller('/broken')
      class BrokenController {
        @Get('/:a{/:b}')
        broken() {}
      }
      const app = createApp({ engine, controllers: [BrokenController] });
      const first = await app.ready().catch((err: Error) => err);
      const second = await app.ready().catch((err: Error) => err);
      expect(first).to.be.instanceOf(Error);
      expect(second).to.equal(first);
      await app.close();
    });

    it('exposes the native engine instance', async () => {
      const app = createApp({ engine });
      if (engine === 'express') {
        expect(app.express).to.be.a('function');
        expect(app.fastify).to.equal(undefined);
      } else {
        expect(app.fastify).to.be.an('object');
        expect(app.express).to.equal(undefined);
      }
      await app.close();
    });

    it('runs the hooks in lifecycle order: compile, compiled, services, ready, listen, shutdown, close (close hooks last-in first-out)', async () => {
      const order: string[] = [];
      const app = createApp({ engine, controllers: [HealthController] });
      app
        .onReady(() => {
          order.push('ready');
        })
        .onCompile(() => {
          order.push('compile');
        })
        .onCompiled((routes) => {
          order.push(`compiled:${routes.length}`);
        })
        .service({ name: 'connection', stage: 'ready', start: () => void order.push('service:ready') })
        .service({ name: 'worker', start: () => void order.push('service:serve') })
        .onListen(() => {
          order.push('listen');
        })
        .onShutdown(() => {
          order.push('shutdown');
        })
        .onClose(() => {
          order.push('close:first');
        })
        .onClose(() => {
          order.push('close:second');
        });
      await app.listen(0);
      await app.close();
      expect(order).to.deep.equal([
        'compile',
        'compiled:1',
        'service:ready',
        'ready',
        'service:serve',
        'listen',
        'shutdown',
        'close:second',
        'close:first',
      ]);
    });

    it('refuses a service added once ready() compiled the app: it would never start', async () => {
      const app = createApp({ engine, controllers: [HealthController] });
      await app.ready();
      expectThrowsCode(() => app.service({ name: 'late', start: () => {} }), 'TRELLIS_ERR_AFTER_READY');
      await app.close();
    });

    it('close() resolves for an app that never listened', async () => {
      const app = createApp({ engine, controllers: [HealthController] });
      await app.ready();
      await app.close();
    });
  });
});
