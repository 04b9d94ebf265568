import { expect } from 'chai';
import { createApp } from '../../../src';
import { forEachEngine } from '../../support/engines';

describe('the HTTP server of each engine', () => {
  forEachEngine((engine) => {
    it("keeps Node's timeouts: 5 s keep-alive, 300 s per request, 60 s for headers", async () => {
      const app = createApp({ engine });
      const server = await app.listen(0);
      try {
        expect([server.keepAliveTimeout, server.requestTimeout, server.headersTimeout]).to.deep.equal([
          5_000, 300_000, 60_000,
        ]);
      } finally {
        await app.close();
      }
    });
  });
});
