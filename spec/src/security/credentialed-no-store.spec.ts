import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, Res } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/private')
class PrivateController {
  @Get()
  mine() {
    return { email: 'ada@example.com' };
  }

  @Get('/cached')
  cached(@Res() res: any) {
    (res.raw ?? res).setHeader('Cache-Control', 'private, max-age=60');
    return { cached: true };
  }
}

describe('Cache-Control: no-store on answers to requests with credentials', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(
        createApp({ engine, controllers: [PrivateController], credentialCookies: ['sid', 'access.token'] }),
      );
    });
    after(() => served.close());

    it('marks the answer to a request with an Authorization header no-store', async () => {
      const res = await request(served.url).get('/private').set('Authorization', 'Bearer abc').expect(200);
      expect(res.headers['cache-control']).to.equal('no-store');
    });

    it('marks error answers too, and unknown routes', async () => {
      const res = await request(served.url).get('/nowhere').set('Authorization', 'Bearer abc').expect(404);
      expect(res.headers['cache-control']).to.equal('no-store');
    });

    it('leaves an answer to a request without credentials as it was', async () => {
      const res = await request(served.url).get('/private').expect(200);
      expect(res.headers['cache-control']).to.equal(undefined);
    });

    it('marks requests carrying a configured credential cookie, not other cookies', async () => {
      const withSid = await request(served.url).get('/private').set('Cookie', 'theme=dark; sid=s3cr3t');
      expect(withSid.headers['cache-control']).to.equal('no-store');
      const dotted = await request(served.url).get('/private').set('Cookie', 'access.token=t');
      expect(dotted.headers['cache-control']).to.equal('no-store');
      const other = await request(served.url)
        .get('/private')
        .set('Cookie', 'theme=dark; xsid=1; accessXtoken=1');
      expect(other.headers['cache-control']).to.equal(undefined);
    });

    it("keeps the handler's own Cache-Control", async () => {
      const res = await request(served.url)
        .get('/private/cached')
        .set('Authorization', 'Bearer abc')
        .expect(200);
      expect(res.headers['cache-control']).to.equal('private, max-age=60');
    });

    it('refuses a credential cookie name that is no cookie name when the app is created', () => {
      expect(() => createApp({ engine, credentialCookies: ['bad name;'] }))
        .to.throw(/credentialCookies/)
        .with.property('code', 'TRELLIS_ERR_INVALID_OPTION');
    });
  });
});
