import { expect } from 'chai';
import request from 'supertest';
import { homePage } from '../../../sample/home/home-page';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

const ORIGIN = 'http://127.0.0.1:5173';

/** The links of a page, resolved against its URL. */
function linksOf(html: string, pageUrl: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => new URL(match[1], pageUrl).href);
}

describe('sample home page and browser access', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    before(async () => {
      sample = await startSample(engine, { CORS_ORIGINS: ORIGIN });
    });
    after(async () => {
      await sample.close();
    });

    it('GET / is an HTML page whose every link answers: the docs, the IDE, the document and health', async () => {
      const res = await request(sample.url).get('/').expect(200);
      expect(res.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(res.headers['x-content-type-options']).to.equal('nosniff');
      const links = linksOf(res.text, `${sample.url}/`);
      expect(links.map((link) => new URL(link).pathname)).to.have.members([
        '/docs',
        '/openapi.json',
        '/graphql',
        '/health',
      ]);
      for (const link of links) await request(link).get('').set('accept', 'text/html').expect(200);
    });

    it('answers the preflight of POST /auth/login for an origin of CORS_ORIGINS', async () => {
      const res = await request(sample.url)
        .options('/auth/login')
        .set('origin', ORIGIN)
        .set('access-control-request-method', 'POST')
        .set('access-control-request-headers', 'content-type')
        .expect(204);
      expect(res.headers['access-control-allow-origin']).to.equal(ORIGIN);
    });

    it('gives another origin no CORS headers', async () => {
      const res = await request(sample.url)
        .options('/auth/login')
        .set('origin', 'http://127.0.0.1:1')
        .set('access-control-request-method', 'POST')
        .expect(204);
      expect(res.headers).to.not.have.property('access-control-allow-origin');
    });
  });

  describe('the page in production', () => {
    it('says the IDE is off instead of linking it', () => {
      const html = homePage(false);
      expect(html).to.not.include('href="graphql"');
      expect(html).to.include('the IDE is off in production');
      expect(homePage(true)).to.include('href="graphql"');
    });
  });
});
