import { expect } from 'chai';
import { Controller, Get, Query } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';

@Controller('/search')
class SearchController {
  @Get()
  search(@Query() query: Record<string, unknown>) {
    return { query: query ?? null, via: 'search' };
  }
}

describe('app.inject on an app that also listens', () => {
  forEachEngine((engine) => {
    for (const requestId of [false, true])
      it(`reads the query string as a real request does (request observer ${requestId ? 'on' : 'off'})`, async () => {
        const app = createApp({ engine, controllers: [SearchController], requestId });
        const server = await app.listen(0, '127.0.0.1');
        const { port } = server.address() as { port: number };
        try {
          const injected = await app.inject({ method: 'GET', url: '/search?term=ada&page=2' });
          expect(injected.json()).to.deep.equal({ query: { term: 'ada', page: '2' }, via: 'search' });
          const real = await fetch(`http://127.0.0.1:${port}/search?term=ada`);
          expect(await real.json()).to.deep.equal({ query: { term: 'ada' }, via: 'search' });
          // And the other way round: an injected request between two real ones leaves both intact.
          expect((await app.inject({ method: 'GET', url: '/search?x=1' })).json().query).to.deep.equal({
            x: '1',
          });
          expect(
            ((await (await fetch(`http://127.0.0.1:${port}/search?y=2`)).json()) as { query: unknown }).query,
          ).to.deep.equal({ y: '2' });
        } finally {
          await app.close();
        }
      });
  });
});
