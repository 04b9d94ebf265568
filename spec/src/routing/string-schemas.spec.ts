import { expect } from 'chai';
import { z } from 'zod';
import { Controller, Cookie, Get, Header, Param, Query } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import type { Class } from '../../../src/kernel/metadata/types';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';

@Controller('/numbers')
class NumberParamController {
  @Get('/:id')
  one(@Param('id', z.number().int()) id: number) {
    return { id };
  }
}

@Controller('/flags')
class BooleanQueryController {
  @Get()
  list(
    @Query(z.object({ page: z.coerce.number().optional(), archived: z.boolean().optional() })) query: object,
  ) {
    return query;
  }
}

@Controller('/ids')
class ArrayQueryController {
  @Get()
  list(@Query(z.object({ ids: z.array(z.number()) })) query: object) {
    return query;
  }
}

@Controller('/headers')
class HeaderController {
  @Get()
  get(@Header('x-count', z.number()) count: number, @Cookie('since', z.date().optional()) since?: Date) {
    return { count, since };
  }
}

@Controller('/fine')
class CoercingController {
  @Get('/:id')
  one(
    @Param('id', z.coerce.number().int()) id: number,
    @Query(z.object({ archived: z.stringbool().optional(), tags: z.array(z.string()).optional() }))
    query: object,
    @Header('x-mode', z.enum(['a', 'b']).optional()) mode?: string,
  ) {
    return { id, query, mode };
  }
}

describe('path, query, header and cookie schemas that no string can pass', () => {
  forEachEngine((engine) => {
    const failure = async (controller: Class) =>
      createApp({ engine, controllers: [controller] })
        .ready()
        .catch((err: unknown) => err);

    it('a z.number() path parameter fails ready(), suggesting z.coerce.number()', async () => {
      expect(
        expectCode(await failure(NumberParamController), 'TRELLIS_ERR_SCHEMA_REFUSES_STRINGS').message,
      ).to.equal(
        "NumberParamController.one: Param('id') is validated as a number, but it arrives as a string, so every request would be answered 422: use z.coerce.number()",
      );
    });

    it('a z.boolean() query field fails ready(), suggesting z.stringbool()', async () => {
      const { message } = expectCode(
        await failure(BooleanQueryController),
        'TRELLIS_ERR_SCHEMA_REFUSES_STRINGS',
      );
      expect(message).to.match(
        /^BooleanQueryController\.list: Query\(\) field 'archived' is validated as a boolean/,
      );
      expect(message).to.include('use z.stringbool()');
    });

    it('an array of numbers in a query fails ready(), naming the element', async () => {
      const { message } = expectCode(
        await failure(ArrayQueryController),
        'TRELLIS_ERR_SCHEMA_REFUSES_STRINGS',
      );
      expect(message).to.match(/Query\(\) field 'ids\[\]' is validated as a number/);
    });

    it('a header or cookie refuses the same way', async () => {
      const { message } = expectCode(await failure(HeaderController), 'TRELLIS_ERR_SCHEMA_REFUSES_STRINGS');
      expect(message).to.match(/^HeaderController\.get: Header\('x-count'\) is validated as a number/);
    });

    it('coerced, stringbool, enum and string schemas start, and the values arrive converted', async () => {
      const app = createApp({ engine, controllers: [CoercingController] });
      const res = await app.inject({
        method: 'GET',
        url: '/fine/7?archived=false&tags=a&tags=b',
        headers: { 'x-mode': 'b' },
      });
      expect(res.json()).to.deep.equal({ id: 7, query: { archived: false, tags: ['a', 'b'] }, mode: 'b' });
      expect((await app.inject({ method: 'GET', url: '/fine/x' })).statusCode).to.equal(422);
      await app.close();
    });
  });
});
