import type { IncomingMessage, ServerResponse } from 'node:http';
import { expect } from 'chai';
import type { Request, Response } from 'express';
import request from 'supertest';
import { Controller, createApp, Get, Req, Res } from '../../../../src';
import { type Served, serve } from '../../../support/serve';

const seen: {
  req?: Request;
  res?: Response;
  middlewareReq?: IncomingMessage;
  middlewareRes?: ServerResponse;
} = {};

@Controller('/native')
class NativeController {
  @Get()
  native(@Req() req: Request, @Res() res: Response) {
    seen.req = req;
    seen.res = res;
    res.status(202).json({ ip: req.ip, app: req.app === res.app, path: req.path });
  }
}

describe('Express engine server', () => {
  let served: Served;

  beforeEach(async () => {
    const app = createApp({ controllers: [NativeController], openapi: false, graphql: false });
    app.use((req, res, next) => {
      seen.middlewareReq = req;
      seen.middlewareRes = res;
      next();
    });
    served = await serve(app);
  });

  afterEach(() => served.close());

  describe('when the server comes from listen()', () => {
    it("gives Req() and Res() Express's request and response API", async () => {
      const res = await request(served.url).get('/native?x=1').expect(202);
      expect(res.body).to.deep.equal({ ip: '127.0.0.1', app: true, path: '/native' });
    });

    it('makes requests and responses Express objects from birth, so Express never re-prototypes them', async () => {
      await request(served.url).get('/native').expect(202);
      const express = served.app.express!;
      expect(Object.getPrototypeOf(seen.req)).to.equal(express.request);
      expect(Object.getPrototypeOf(seen.res)).to.equal(express.response);
      expect(seen.middlewareReq).to.equal(seen.req);
      expect(seen.middlewareRes).to.equal(seen.res);
    });

    it('still serves Express features the app adds later, on the objects it already made', async () => {
      const express = served.app.express!;
      (express.request as unknown as { greeting: string }).greeting = 'hi';
      await request(served.url).get('/native').expect(202);
      expect((seen.req as unknown as { greeting: string }).greeting).to.equal('hi');
    });
  });
});
