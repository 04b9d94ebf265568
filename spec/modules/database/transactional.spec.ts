import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Body, ConflictException, Controller, Get, Injectable, Post } from '../../../index';
import { Transactional } from '../../../modules/database';
import { createApp } from '../../../src/app/create-app';
import { forEachDatabase } from '../../support/databases';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { AccountsRepository, LedgerRepository, SPEC_MIGRATIONS } from './database-fixtures';

const Transfer = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  amount: z.number().int(),
  fail: z.boolean().optional(),
});
type Transfer = z.infer<typeof Transfer>;

/** Moves money with two repositories; throws after both wrote when asked to. */
@Injectable()
class TransfersService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  async apply(transfer: Transfer): Promise<{ balances: Record<string, number>; entries: number }> {
    await this.accounts.move(transfer.from, -transfer.amount);
    await this.ledger.record(`${transfer.id}-out`, transfer.from, -transfer.amount);
    await this.accounts.move(transfer.to, transfer.amount);
    await this.ledger.record(`${transfer.id}-in`, transfer.to, transfer.amount);
    // Read inside the transaction: its own writes are visible to it.
    const seen = { balances: await this.accounts.balances(), entries: await this.ledger.count() };
    if (transfer.fail) throw new ConflictException('Transfer refused');
    return seen;
  }

  @Transactional()
  applyInTransaction(transfer: Transfer) {
    return this.apply(transfer);
  }
}

@Controller('/transfers')
class TransfersController {
  constructor(
    private readonly transfers: TransfersService,
    private readonly accounts: AccountsRepository,
    private readonly ledger: LedgerRepository,
  ) {}

  @Post()
  @Transactional()
  transfer(@Body(Transfer) transfer: Transfer) {
    return this.transfers.apply(transfer);
  }

  @Post('/service')
  viaService(@Body(Transfer) transfer: Transfer) {
    return this.transfers.applyInTransaction(transfer);
  }

  @Post('/unguarded')
  unguarded(@Body(Transfer) transfer: Transfer) {
    return this.transfers.apply(transfer);
  }

  @Get('/state')
  async state() {
    return { balances: await this.accounts.balances(), entries: await this.ledger.count() };
  }
}

describe('database: Transactional()', () => {
  forEachDatabase((database) => {
    forEachEngine((engine) => {
      let served: Served;
      beforeEach(async () => {
        const app = createApp({ engine, controllers: [TransfersController] }).install('database', {
          url: await database.url(),
          migrations: SPEC_MIGRATIONS,
        });
        await app.ready();
        await app.container.get(AccountsRepository).open('ada', 100);
        await app.container.get(AccountsRepository).open('grace', 0);
        served = await serve(app);
      });
      afterEach(() => served.close());

      const state = async () => (await request(served.url).get('/transfers/state').expect(200)).body;
      const OPENING = { balances: { ada: 100, grace: 0 }, entries: 0 };

      it("commits both repositories' writes before the answer", async () => {
        const res = await request(served.url)
          .post('/transfers')
          .send({ id: 't1', from: 'ada', to: 'grace', amount: 30 })
          .expect(201);
        expect(res.body).to.deep.equal({ balances: { ada: 70, grace: 30 }, entries: 2 });
        expect(await state()).to.deep.equal({ balances: { ada: 70, grace: 30 }, entries: 2 });
      });

      it('rolls back every write of the call when the handler throws; the client gets the error', async () => {
        const res = await request(served.url)
          .post('/transfers')
          .send({ id: 't1', from: 'ada', to: 'grace', amount: 30, fail: true })
          .expect(409);
        expect(res.body.message).to.equal('Transfer refused');
        expect(await state()).to.deep.equal(OPENING);
      });

      it('runs an injectable method marked Transactional() in one transaction too', async () => {
        await request(served.url)
          .post('/transfers/service')
          .send({ id: 't1', from: 'ada', to: 'grace', amount: 5, fail: true })
          .expect(409);
        expect(await state()).to.deep.equal(OPENING);
        await request(served.url)
          .post('/transfers/service')
          .send({ id: 't2', from: 'ada', to: 'grace', amount: 5 })
          .expect(201);
        expect(await state()).to.deep.equal({ balances: { ada: 95, grace: 5 }, entries: 2 });
      });

      it('without Transactional(), writes before a throw stay (what the decorator prevents)', async () => {
        await request(served.url)
          .post('/transfers/unguarded')
          .send({ id: 't1', from: 'ada', to: 'grace', amount: 30, fail: true })
          .expect(409);
        expect(await state()).to.deep.equal({ balances: { ada: 70, grace: 30 }, entries: 2 });
      });

      it('keeps concurrent transactions apart: every committed transfer counts once', async () => {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            request(served.url)
              .post('/transfers')
              .send({ id: `c${i}`, from: 'ada', to: 'grace', amount: 1, fail: i % 2 === 1 }),
          ),
        );
        expect(answers.map((res) => res.status).sort()).to.deep.equal([
          ...Array(5).fill(201),
          ...Array(5).fill(409),
        ]);
        expect(await state()).to.deep.equal({ balances: { ada: 95, grace: 5 }, entries: 10 });
      });
    });
  });

  it('fails ready() naming the module when the database module is not installed', async () => {
    const app = createApp({ controllers: [TransfersController] });
    const failure = await app.ready().then(
      () => undefined,
      (err: { code?: string; message: string }) => err,
    );
    expect(failure?.code).to.equal('TRELLIS_ERR_MODULE_NOT_INSTALLED');
    expect(failure?.message).to.match(
      /^Transactional\(\) on TransfersService.applyInTransaction needs the 'database' module/,
    );
  });
});
