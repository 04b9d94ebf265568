import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, HttpCode, Post, Res } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCoded } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

@Controller('/codes')
class CodesController {
  @Post('/login')
  @HttpCode(200)
  login() {
    return { token: 'x' };
  }

  @Get('/accepted')
  @HttpCode(202)
  accepted() {
    return { queued: true };
  }

  @Post('/chosen')
  @HttpCode(200)
  chosen(@Res() res: { status?: (code: number) => unknown; code?: (code: number) => unknown }) {
    if (res.status) res.status(203);
    else res.code!(203);
    return { chosen: true };
  }

  @Post('/nothing')
  @HttpCode(200)
  nothing() {}
}

describe('HttpCode', () => {
  it('refuses a status that is not a 2xx integer when the decorator is applied', () => {
    expect(() => HttpCode(404)).to.throw(RangeError, /200 to 299/);
    const error = expectThrowsCoded(() => HttpCode(200.5), RangeError, 'TRELLIS_ERR_NOT_SUCCESS_STATUS');
    expect(error.message).to.equal('HttpCode(200.5): a success status is an integer from 200 to 299');
  });

  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [CodesController], openapi: false }));
    });
    after(() => served.close());

    it('when set on a Post, answers with it instead of 201', async () => {
      await request(served.url).post('/codes/login').expect(200, { token: 'x' });
    });

    it('when set on a Get, answers with it instead of 200', async () => {
      await request(served.url).get('/codes/accepted').expect(202, { queued: true });
    });

    it('gives way to a status the handler chose through Res()', async () => {
      await request(served.url).post('/codes/chosen').expect(203, { chosen: true });
    });

    it('still answers 204 when the handler returns undefined', async () => {
      await request(served.url).post('/codes/nothing').expect(204);
    });

    it('is the success status documented in OpenAPI', async () => {
      const documented = await serve(createApp({ engine, controllers: [CodesController] }));
      try {
        const doc = await request(documented.url).get('/openapi.json').expect(200);
        const responses = Object.keys(doc.body.paths['/codes/login'].post.responses);
        expect(responses).to.include('200').and.not.include('201');
      } finally {
        await documented.close();
      }
    });
  });
});
