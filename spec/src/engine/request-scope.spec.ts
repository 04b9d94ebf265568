import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Controller, createApp, Depends, Get, Injectable, Query } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

let created = 0;
const disposed: number[] = [];

@Injectable('request')
class Basket {
  readonly id = ++created;
  readonly items: string[] = [];
  dispose() {
    disposed.push(this.id);
  }
}

@Controller('/basket')
class BasketController {
  // The first request waits until the second has filled its own basket: the two are interleaved.
  private releaseFirst?: () => void;

  @Get()
  async add(
    @Query(z.object({ item: z.string(), wait: z.enum(['yes', 'no']) })) query: { item: string; wait: string },
    @Depends(Basket) basket: Basket,
    @Depends(Basket) sameBasket: Basket,
  ) {
    basket.items.push(query.item);
    if (query.wait === 'yes') await new Promise<void>((resolve) => (this.releaseFirst = resolve));
    else this.releaseFirst?.();
    sameBasket.items.push(`${query.item} again`);
    return { id: basket.id, shared: basket === sameBasket, items: basket.items };
  }
}

describe('request scope per engine request', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [BasketController] }));
    });
    after(() => served.close());

    it('when two requests overlap, each has its own instances, shared within it, disposed after it', async () => {
      disposed.length = 0;
      const first = request(served.url)
        .get('/basket?item=apple&wait=yes')
        .then((res) => res);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await request(served.url).get('/basket?item=pear&wait=no').expect(200);
      const firstRes = await first;
      expect(firstRes.status).to.equal(200);
      expect(firstRes.body).to.deep.include({ shared: true, items: ['apple', 'apple again'] });
      expect(second.body).to.deep.include({ shared: true, items: ['pear', 'pear again'] });
      expect(firstRes.body.id).to.not.equal(second.body.id);
      expect(disposed).to.have.members([firstRes.body.id, second.body.id]);
    });
  });
});
