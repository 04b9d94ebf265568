import { expect } from 'chai';
import fc from 'fast-check';
import { z } from 'zod';
import { Body, Controller, createApp, Get, Post, type VersioningOptions } from '../../src';
import { forEachEngine } from '../support/engines';
import { type Served, serve } from '../support/serve';
import { FUZZ_RUNS, fuzz, headerText } from './support/fuzz-settings';
import { exchange, expectPrototypesClean, expectSound, rawRequest } from './support/raw-exchange';

@Controller({ path: '/items', version: '1' })
class ItemsV1 {
  @Get()
  list() {
    return { v: 1 };
  }

  @Post()
  create(@Body(z.object({ name: z.string() })) body: { name: string }) {
    return body;
  }
}

@Controller({ path: '/items', version: '2' })
class ItemsV2 {
  @Get()
  list() {
    return { v: 2 };
  }
}

const version = fc.oneof(
  fc.constantFrom(
    '1',
    '2',
    '3',
    '01',
    '1.0',
    ' 1',
    '1 ',
    '',
    '-1',
    '1,2',
    'v1',
    '999999999999999999999',
    '__proto__',
    'constructor',
  ),
  headerText(60),
);

// Media types with a version parameter in many spellings, and junk.
const mediaType = fc
  .tuple(
    fc.constantFrom('application/json', 'APPLICATION/JSON', '*/*', 'text/html', 'application/*', ''),
    fc.constantFrom(';v=', '; v=', ';V=', ';\tv=', ';v="', ';version=', ';v=1;v=', ', application/json;v='),
    version,
    fc.constantFrom('', '"', ';q=0.5', ', */*', ';v=2'),
  )
  .map((parts) => parts.join(''));

forEachEngine((engine) => {
  for (const [name, versioning, header, values] of [
    ['a version header', { type: 'header', header: 'X-API-Version' }, 'X-API-Version', version],
    ['a media-type parameter', { type: 'media-type', key: 'v=' }, 'Accept', mediaType],
  ] as const) {
    describe(`fuzzing ${name} on ${engine}`, function () {
      this.timeout(30_000 + FUZZ_RUNS * 500);
      let served: Served;
      before(async () => {
        served = await serve(
          createApp({ engine, versioning: versioning as VersioningOptions, controllers: [ItemsV1, ItemsV2] }),
        );
      });
      after(() => served.close());

      it('answers any value with a version it serves or a coded 4xx, never a 5xx', async () => {
        const port = Number(new URL(served.url).port);
        await fuzz(fc.tuple(values, fc.boolean()), async ([value, post]) => {
          const what = `${header}: ${value}`;
          const answer = post
            ? await exchange(
                port,
                rawRequest(
                  'POST',
                  '/items',
                  [
                    [header, value],
                    ['Content-Type', 'application/json'],
                  ],
                  '{"name":1}',
                ),
              )
            : await exchange(port, rawRequest('GET', '/items', [[header, value]]));
          expectSound(answer, what);
          expectPrototypesClean(what);
          if (answer.status === 200) expect([1, 2], what).to.include(JSON.parse(answer.body).v);
          // The body of a POST that reached version 1 is refused by its schema, whatever the header.
          if (post) expect(answer.status, what).to.be.within(400, 499);
        });
      });
    });
  }
});
