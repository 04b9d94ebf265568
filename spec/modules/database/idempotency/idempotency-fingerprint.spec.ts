import { expect } from 'chai';
import { z } from 'zod';
import { Body, Controller, Param, Post } from '../../../../index';
import { Idempotent } from '../../../../modules/database';
import { createApp } from '../../../../src/app/create-app';
import { FormFields, UploadedFile, UploadedFiles } from '../../../../src/uploads/upload-decorators';
import { forEachEngine } from '../../../support/engines';
import { type Served, serve } from '../../../support/serve';

const MISMATCH = 'This Idempotency-Key was already used with another request';

@Controller('/orders')
class OrdersController {
  runs = 0;

  @Post('/:id/pay')
  @Idempotent()
  pay(@Param('id') id: string, @Body(z.object({ amount: z.number() })) body: { amount: number }) {
    this.runs++;
    return { order: id, paid: body.amount, run: this.runs };
  }

  @Post('/:id/receipts')
  @Idempotent()
  attach(
    @Param('id') id: string,
    @UploadedFiles(undefined, { maxBytes: 64 }) files: UploadedFile[],
    @FormFields() fields: Record<string, unknown>,
  ) {
    this.runs++;
    return { order: id, files: files.map((file) => file.sha256), fields, run: this.runs };
  }
}

interface Part {
  field: string;
  text: string;
  name?: string;
}

function form(files: Part[], fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files)
    body.append(file.field, new Blob([file.text], { type: 'text/plain' }), file.name ?? 'receipt.txt');
  return body;
}

describe('database: Idempotent() fingerprints the whole request (path, query, multipart body)', () => {
  forEachEngine((engine) => {
    let served: Served;
    let orders: OrdersController;
    beforeEach(async () => {
      const app = createApp({ engine, controllers: [OrdersController], openapi: false }).install('database', {
        url: ':memory:',
      });
      served = await serve(app);
      orders = app.container.get(OrdersController);
    });
    afterEach(() => served.close());

    const send = (path: string, key: string, body: FormData | object) =>
      fetch(`${served.url}/orders${path}`, {
        method: 'POST',
        headers: {
          'idempotency-key': key,
          ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
    const expectRefused = async (res: Response) => {
      expect(res.status).to.equal(422);
      expect(await res.json()).to.include({ statusCode: 422, message: MISMATCH });
    };

    describe('the concrete path and query', () => {
      it('replays the same path, query and body', async () => {
        const first = await send('/1/pay?tip=yes', 'pay', { amount: 5 });
        expect(first.status).to.equal(201);
        const again = await send('/1/pay?tip=yes', 'pay', { amount: 5 });
        expect(again.status).to.equal(201);
        expect(again.headers.get('idempotent-replayed')).to.equal('true');
        expect(await again.json()).to.deep.equal(await first.json());
        expect(orders.runs).to.equal(1);
      });

      it("refuses the key on another order's path, with the answer another body gets", async () => {
        expect((await send('/1/pay', 'pay', { amount: 5 })).status).to.equal(201);
        const otherBody = await send('/1/pay', 'pay', { amount: 6 });
        const otherPath = await send('/2/pay', 'pay', { amount: 5 });
        expect(otherPath.status).to.equal(422);
        expect(await otherPath.json()).to.deep.equal(await otherBody.json());
        expect(orders.runs).to.equal(1);
      });

      it('refuses the key with another query string', async () => {
        expect((await send('/1/pay?tip=yes', 'pay', { amount: 5 })).status).to.equal(201);
        await expectRefused(await send('/1/pay?tip=no', 'pay', { amount: 5 }));
        await expectRefused(await send('/1/pay', 'pay', { amount: 5 }));
        expect(orders.runs).to.equal(1);
      });
    });

    describe('a multipart body, read before the key is looked up', () => {
      const receipt = (text: string, fields: Record<string, string> = { note: 'paid' }) =>
        form([{ field: 'receipt', text }], fields);

      it('replays the same files and fields', async () => {
        const first = await send('/1/receipts', 'upload', receipt('total: 5'));
        expect(first.status).to.equal(201);
        const again = await send('/1/receipts', 'upload', receipt('total: 5'));
        expect(again.status).to.equal(201);
        expect(again.headers.get('idempotent-replayed')).to.equal('true');
        expect(await again.json()).to.deep.equal(await first.json());
        expect(orders.runs).to.equal(1);
      });

      it("refuses the key with another file's content", async () => {
        expect((await send('/1/receipts', 'upload', receipt('total: 5'))).status).to.equal(201);
        await expectRefused(await send('/1/receipts', 'upload', receipt('total: 6')));
        expect(orders.runs).to.equal(1);
      });

      it("refuses the key with another field's value, another part name or one more file", async () => {
        expect((await send('/1/receipts', 'upload', receipt('total: 5'))).status).to.equal(201);
        await expectRefused(await send('/1/receipts', 'upload', receipt('total: 5', { note: 'late' })));
        await expectRefused(await send('/1/receipts', 'upload', receipt('total: 5', { remark: 'paid' })));
        await expectRefused(
          await send(
            '/1/receipts',
            'upload',
            form([{ field: 'invoice', text: 'total: 5' }], { note: 'paid' }),
          ),
        );
        await expectRefused(
          await send(
            '/1/receipts',
            'upload',
            form(
              [
                { field: 'receipt', text: 'total: 5' },
                { field: 'receipt', text: 'total: 5', name: 'copy.txt' },
              ],
              { note: 'paid' },
            ),
          ),
        );
        expect(orders.runs).to.equal(1);
      });

      it('claims nothing for a body refused while it is read: the retry with the key runs', async () => {
        const tooLarge = await send('/1/receipts', 'upload', receipt('x'.repeat(65)));
        expect(tooLarge.status).to.equal(413);
        expect(orders.runs).to.equal(0);
        const retry = await send('/1/receipts', 'upload', receipt('total: 5'));
        expect(retry.status).to.equal(201);
        expect(retry.headers.get('idempotent-replayed')).to.equal(null);
        expect(orders.runs).to.equal(1);
      });

      it('refuses the key with the same upload on another path', async () => {
        expect((await send('/1/receipts', 'upload', receipt('total: 5'))).status).to.equal(201);
        await expectRefused(await send('/2/receipts', 'upload', receipt('total: 5')));
        expect(orders.runs).to.equal(1);
      });
    });
  });
});
