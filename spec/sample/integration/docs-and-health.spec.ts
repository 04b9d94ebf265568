import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample /health and API docs', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    before(async () => {
      sample = await startSample(engine);
    });
    after(() => sample.close());

    it('GET /health answers 200 { status: ok } without a token', async () => {
      await request(sample.url).get('/health').expect(200, { status: 'ok' });
    });

    it('GET /openapi.json documents every route, with bearer security on guarded ones', async () => {
      const res = await request(sample.url).get('/openapi.json').expect(200);
      expect(res.body.openapi).to.match(/^3\.1/);
      expect(res.body.paths).to.include.keys(
        '/auth/login',
        '/auth/register',
        '/auth/refresh',
        '/auth/me',
        '/auth/logout',
        '/protected',
        '/admin-only',
        '/manager-up',
        '/users',
        '/users/{id}',
        '/tasks',
        '/dashboard',
        '/dashboard/admin-stats',
        '/health',
      );
      expect(res.body.paths['/auth/me'].get.security).to.deep.equal([{ bearerAuth: [] }]);
      expect(res.body.paths['/health'].get.security ?? []).to.deep.equal([]);
    });

    it('GET /docs serves the Swagger UI page', async () => {
      const res = await request(sample.url).get('/docs').redirects(1).expect(200);
      expect(res.text).to.match(/swagger/i);
    });

    it('an unknown route answers the JSON 404', async () => {
      const res = await request(sample.url).get('/nowhere').expect(404);
      expect(res.body).to.include({ statusCode: 404, error: 'Not Found' });
    });
  });
});
