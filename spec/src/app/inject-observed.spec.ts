import { expect } from 'chai';
import { Controller, Get } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';

@Controller('/observed')
class ObservedController {
  @Get('/later')
  async later() {
    return { answered: 'later' };
  }

  @Get('/now')
  now() {
    return { answered: 'now' };
  }
}

describe('app.inject with the request observer on (request ids, access log)', () => {
  forEachEngine((engine) => {
    it('answers with the body and the request id, and the app still serves real requests after', async () => {
      const app = createApp({ engine, controllers: [ObservedController], requestId: true, accessLog: true });
      const later = await app.inject({
        method: 'GET',
        url: '/observed/later',
        headers: { 'x-request-id': 'probe-7' },
      });
      expect(later.statusCode).to.equal(200);
      expect(later.json()).to.deep.equal({ answered: 'later' });
      expect(later.headers['x-request-id']).to.equal('probe-7');
      expect((await app.inject({ method: 'GET', url: '/observed/now' })).json()).to.deep.equal({
        answered: 'now',
      });
      const server = await app.listen(0, '127.0.0.1');
      const { port } = server.address() as { port: number };
      const real = await fetch(`http://127.0.0.1:${port}/observed/later`);
      expect(await real.json()).to.deep.equal({ answered: 'later' });
      await app.close();
    });
  });
});
