import { expect } from 'chai';
import pino from 'pino';
import request from 'supertest';
import { z } from 'zod';
import { ConflictException, Controller, createApp, Get, HttpCode, Post, Returns, Throws } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCoded } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

const Account = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
  tags: z.array(z.object({ name: z.string() })),
  joined: z.date(),
  plan: z.enum(['free', 'paid']).default('free'),
  shout: z.string().transform((text) => text.toUpperCase()),
});

const stored = () => ({
  id: 7,
  username: 'ada',
  nickname: null,
  passwordHash: '$2b$12$secret',
  tags: [{ name: 'admin', internal: true }],
  joined: new Date('2026-01-02T03:04:05.000Z'),
  shout: 'quiet',
});

@Controller('/accounts')
class AccountsController {
  @Get('/one')
  @Returns(Account)
  one() {
    return stored();
  }

  @Get('/later')
  @Returns(Account)
  async later() {
    return stored();
  }

  @Post('/accepted')
  @Returns(z.object({ queued: z.boolean() }), { status: 202, description: 'Queued' })
  accept() {
    return { queued: true, worker: 'w-3' };
  }

  @Get('/broken')
  @Returns(Account)
  broken() {
    return { id: 1 };
  }

  @Get('/plain')
  plain() {
    return { kept: 'everything', passwordHash: 'shown' };
  }
}

@Controller('/code-kept')
class CodeKeptController {
  @Post()
  @HttpCode(200)
  @Returns(z.object({ ok: z.boolean() }))
  post() {
    return { ok: true };
  }
}

describe('Returns', () => {
  it('refuses a status that is no success status when the decorator is applied', () => {
    expect(() => Returns(Account, { status: 404 })).to.throw(RangeError, /200 to 299/);
    expectThrowsCoded(() => Returns(Account, { status: 404 }), RangeError, 'TRELLIS_ERR_NOT_SUCCESS_STATUS');
  });

  it('refuses something that is no zod schema', () => {
    expect(() => Returns({} as never)).to.throw(TypeError, /zod schema/);
    expectThrowsCoded(() => Returns({} as never), TypeError, 'TRELLIS_ERR_RETURNS_NOT_SCHEMA');
  });

  it('fails ready() when HttpCode also sets the status of the route', async () => {
    @Controller('/twice')
    class TwiceController {
      @Post()
      @HttpCode(200)
      @Returns(Account, { status: 202 })
      twice() {
        return stored();
      }
    }
    const app = createApp({
      controllers: [TwiceController],
      openapi: false,
      logger: pino({ level: 'silent' }),
    });
    let failure: unknown;
    await app.ready().catch((err) => (failure = err));
    expect(failure).to.have.property('code', 'TRELLIS_ERR_SUCCESS_STATUS_TWICE');
    expect(String(failure)).to.match(/TwiceController\.twice: the success status is set twice/);
  });

  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(
        createApp({
          engine,
          controllers: [AccountsController, CodeKeptController],
          openapi: false,
          logger: pino({ level: 'silent' }),
        }),
      );
    });
    after(() => served.close());

    it('drops the keys the schema does not name, nested ones too', async () => {
      const { body } = await request(served.url).get('/accounts/one').expect(200);
      expect(body).to.deep.equal({
        id: 7,
        username: 'ada',
        nickname: null,
        tags: [{ name: 'admin' }],
        joined: '2026-01-02T03:04:05.000Z',
        plan: 'free',
        shout: 'quiet',
      });
    });

    it('serializes what an async handler resolves to the same way', async () => {
      const { body } = await request(served.url).get('/accounts/later').expect(200);
      expect(body).not.to.have.property('passwordHash');
      expect(body.tags).to.deep.equal([{ name: 'admin' }]);
    });

    it('answers with the status Returns gives', async () => {
      await request(served.url).post('/accounts/accepted').expect(202, { queued: true });
    });

    it('answers 500 without the body when a required key is missing', async () => {
      const { body } = await request(served.url).get('/accounts/broken').expect(500);
      expect(body).to.deep.equal({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal Server Error',
        code: 'INTERNAL_SERVER_ERROR',
      });
    });

    it('keeps HttpCode when Returns gives no status', async () => {
      await request(served.url).post('/code-kept').expect(200, { ok: true });
    });

    it('leaves routes without Returns as the handler answered', async () => {
      await request(served.url)
        .get('/accounts/plain')
        .expect(200, { kept: 'everything', passwordHash: 'shown' });
    });
  });
});

describe('Throws', () => {
  it('fails ready() when given a class that is no HTTPException', async () => {
    @Controller('/throws-bad')
    class ThrowsBadController {
      @Get()
      @Throws(RangeError)
      get() {
        return {};
      }
    }
    const app = createApp({
      controllers: [ThrowsBadController],
      openapi: false,
      logger: pino({ level: 'silent' }),
    });
    let failure: unknown;
    await app.ready().catch((err) => (failure = err));
    expect(failure).to.have.property('code', 'TRELLIS_ERR_THROWS_NOT_HTTP_EXCEPTION');
    expect(String(failure)).to.match(/ThrowsBadController\.get: Throws\(RangeError\) is no HTTPException/);
  });

  it('records the statuses of the exceptions on the compiled route', async () => {
    @Controller('/throws-ok')
    class ThrowsOkController {
      @Post()
      @Throws(ConflictException)
      post() {
        return {};
      }
    }
    const app = createApp({ controllers: [ThrowsOkController], openapi: false });
    await app.ready();
    expect(app.routes[0].errors).to.deep.equal([{ status: 409, name: 'ConflictException' }]);
  });
});
