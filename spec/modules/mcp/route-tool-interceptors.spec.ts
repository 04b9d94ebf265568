import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import type { Kysely, Migration } from 'kysely';
import { z } from 'zod';
import {
  Body,
  ConflictException,
  Controller,
  Database,
  Get,
  Idempotent,
  Inject,
  Post,
  Tool,
  Transactional,
} from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { firstText, mcpClient } from './support/mcp-client';

const MIGRATIONS: Record<string, Migration> = {
  '001_orders': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('item', 'varchar(64)', (column) => column.notNull())
        .execute();
    },
  },
};

const NewOrder = z.object({ item: z.string().min(1), refuse: z.boolean().optional() });

@Controller('/orders')
class OrdersController {
  runs = 0;

  constructor(@Inject(Database) private readonly db: Database) {}

  @Post()
  @Transactional()
  @Idempotent()
  @Tool({ name: 'place_order' })
  async place(@Body(NewOrder) order: z.infer<typeof NewOrder>) {
    this.runs++;
    const id = `${order.item}-${this.runs}`;
    await this.db.insertInto('orders').values({ id, item: order.item }).execute();
    // Thrown after the write: the transaction is rolled back, the row never was.
    if (order.refuse) throw new ConflictException('Out of stock', { code: 'OUT_OF_STOCK' });
    return { id, item: order.item };
  }

  @Get()
  async list() {
    return this.db.selectFrom('orders').select(['id', 'item']).orderBy('id').execute();
  }
}

describe('mcp: a route tool runs its interceptors (database module on SQLite)', () => {
  forEachEngine((engine) => {
    let served: Served;
    let client: Client;
    let orders: OrdersController;
    const stored = async () => (await fetch(`${served.url}/orders`)).json();

    before(async () => {
      const app = createApp({ engine, controllers: [OrdersController] })
        .install('database', { url: ':memory:', migrations: MIGRATIONS })
        .install('mcp', {});
      served = await serve(app);
      orders = app.container.get(OrdersController);
      client = await mcpClient(`${served.url}/mcp`);
    });
    after(async () => {
      await client.close();
      await served.close();
    });

    it('leaves nothing of a Transactional() call that throws, which is a tool error with its code', async () => {
      const refused = await client.callTool({
        name: 'place_order',
        arguments: { item: 'chair', refuse: true },
      });
      expect(refused.isError).to.equal(true);
      expect(firstText(refused)).to.include({ statusCode: 409, code: 'OUT_OF_STOCK' });
      expect(orders.runs).to.equal(1);
      expect(await stored()).to.deep.equal([]);
      const placed = await client.callTool({ name: 'place_order', arguments: { item: 'desk' } });
      expect(placed.structuredContent).to.deep.equal({ id: 'desk-2', item: 'desk' });
      expect(await stored()).to.deep.equal([{ id: 'desk-2', item: 'desk' }]);
    });

    it('replays an Idempotent() call carrying the same idempotencyKey in _meta, without running it again', async () => {
      const call = {
        name: 'place_order',
        arguments: { item: 'lamp' },
        _meta: { idempotencyKey: `lamp-${engine}` },
      };
      const first = await client.callTool(call);
      // A first call that failed would make the replay's equality hold for two failures.
      expect(first.isError).to.not.equal(true);
      expect(first.structuredContent).to.deep.include({ item: 'lamp' });
      const runs = orders.runs;
      const again = await client.callTool(call);
      expect(again.structuredContent).to.deep.equal(first.structuredContent);
      expect(orders.runs).to.equal(runs);
      // The same key with other arguments is refused, as over HTTP.
      const other = await client.callTool({ ...call, arguments: { item: 'rug' } });
      expect(firstText(other)).to.include({ statusCode: 422 });
      // Without a key, each call runs.
      await client.callTool({ name: 'place_order', arguments: { item: 'lamp' } });
      expect(orders.runs).to.equal(runs + 1);
    });
  });
});
