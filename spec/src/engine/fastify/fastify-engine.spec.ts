import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get } from '../../../../src';
import { serve } from '../../../support/serve';

@Controller('/trellis')
class TrellisController {
  @Get()
  hello() {
    return { from: 'trellis' };
  }
}

describe('the fastify engine', () => {
  it('exposes the Fastify instance as app.fastify, and no Express application', () => {
    const app = createApp({ engine: 'fastify' });
    expect(app.engine.name).to.equal('fastify');
    expect(app.fastify).to.be.an('object').with.property('route').that.is.a('function');
    expect(app.express).to.equal(undefined);
  });

  it('serves routes and plugins added through app.fastify beside the Trellis routes, with its JSON parser', async () => {
    const app = createApp({ engine: 'fastify', controllers: [TrellisController] });
    app.fastify!.post('/native', async (req) => ({ from: 'fastify', body: req.body }));
    const served = await serve(app);
    try {
      await request(served.url).get('/trellis').expect(200, { from: 'trellis' });
      await request(served.url)
        .post('/native')
        .send({ a: 1 })
        .expect(200, { from: 'fastify', body: { a: 1 } });
      const refused = await request(served.url).post('/native').set('Content-Type', 'text/plain').send('hi');
      expect(refused.status).to.equal(415);
      expect(refused.body).to.include({ statusCode: 415, error: 'Unsupported Media Type' });
    } finally {
      await served.close();
    }
  });

  it('ready() gives a request listener that serves without listen()', async () => {
    const app = createApp({ engine: 'fastify', controllers: [TrellisController] });
    const listener = await app.ready();
    try {
      await request(listener).get('/trellis').expect(200, { from: 'trellis' });
      await request(listener).get('/nowhere').expect(404);
    } finally {
      await app.close();
    }
  });

  it('close() closes the Fastify instance, running its onClose hooks', async () => {
    const app = createApp({ engine: 'fastify', controllers: [TrellisController] });
    let closed = false;
    app.fastify!.addHook('onClose', async () => {
      closed = true;
    });
    await serve(app);
    await app.close();
    expect(closed).to.equal(true);
  });

  it('without middleware, registers no middleware hook; with some, mounts @fastify/middie', async () => {
    const bare = createApp({ engine: 'fastify' });
    await bare.ready();
    expect(bare.fastify!.hasDecorator('use')).to.equal(false);
    const withMiddleware = createApp({ engine: 'fastify' }).use((_req, _res, next) => next());
    await withMiddleware.ready();
    expect(withMiddleware.fastify!.hasDecorator('use')).to.equal(true);
    await Promise.all([bare.close(), withMiddleware.close()]);
  });

  describe('answers written on the raw response when no onSend hook watches them', () => {
    it('sends the same head and body as reply.send(): status, JSON type, length, security headers', async () => {
      const app = createApp({ engine: 'fastify', controllers: [TrellisController] });
      const served = await serve(app);
      try {
        const answer = await request(served.url).get('/trellis').expect(200, { from: 'trellis' });
        expect(answer.headers['content-type']).to.equal('application/json; charset=utf-8');
        expect(answer.headers['content-length']).to.equal(String(JSON.stringify({ from: 'trellis' }).length));
        expect(answer.headers['x-content-type-options']).to.equal('nosniff');
        const head = await request(served.url).head('/trellis').expect(200);
        expect(head.headers['content-type']).to.equal('application/json; charset=utf-8');
      } finally {
        await served.close();
      }
    });

    it('keeps the headers a Fastify hook set through reply.header() before the handler', async () => {
      const app = createApp({ engine: 'fastify', controllers: [TrellisController] });
      app.fastify!.addHook('preHandler', async (_request, reply) => {
        reply.header('x-from-hook', 'kept');
      });
      const served = await serve(app);
      try {
        const answer = await request(served.url).get('/trellis').expect(200, { from: 'trellis' });
        expect(answer.headers['x-from-hook']).to.equal('kept');
      } finally {
        await served.close();
      }
    });

    it("still runs a plugin's onSend hook on every Trellis answer, which may change the body", async () => {
      const app = createApp({ engine: 'fastify', controllers: [TrellisController] });
      app.fastify!.addHook('onSend', async (_request, reply, payload) => {
        reply.header('x-on-send', 'ran');
        return typeof payload === 'string' ? payload.replace('trellis', 'hooked') : payload;
      });
      const served = await serve(app);
      try {
        const answer = await request(served.url).get('/trellis').expect(200, { from: 'hooked' });
        expect(answer.headers['x-on-send']).to.equal('ran');
        const missing = await request(served.url).get('/nowhere').expect(404);
        expect(missing.headers['x-on-send']).to.equal('ran');
      } finally {
        await served.close();
      }
    });
  });
});
