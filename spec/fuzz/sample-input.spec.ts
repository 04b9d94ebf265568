import { expect } from 'chai';
import fc from 'fast-check';
import request from 'supertest';
import { DEMO_PASSWORD } from '../sample/support/sample-env';
import { type SampleServer, startSample } from '../sample/support/sample-server';
import { forEachEngine } from '../support/engines';
import { FUZZ_RUNS, fuzz, headerBytes, headerText, percentJunk, urlText } from './support/fuzz-settings';
import {
  exchange,
  expectPrototypesClean,
  expectSound,
  type RawAnswer,
  rawRequest,
} from './support/raw-exchange';

// JSON text a client may send: values of any shape, prototype keys, depth, numbers past a double.
const jsonText = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .dictionary(
      fc.oneof(
        fc.constantFrom('__proto__', 'constructor', 'prototype', 'title', 'status', 'assigneeId'),
        fc.string({ maxLength: 8 }),
      ),
      fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant({ polluted: true, isAdmin: true })),
      { maxKeys: 6 },
    )
    .map((entries) => JSON.stringify(entries)),
  fc
    .record({ title: fc.string({ maxLength: 300 }), description: fc.option(fc.string(), { nil: undefined }) })
    .map((task) => JSON.stringify(task)),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1, max: 20_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom(
    '1e999999',
    '-1e400',
    '{"title":"t","assigneeId":1e309}',
    '{"title":"t","assigneeId":123456789012345678901234567890}',
    '{"title":"t","assigneeId":-0}',
    'NaN',
    '{"__proto__":{"polluted":1},"title":"t"}',
    '{"constructor":{"prototype":{"polluted":1}},"title":"t"}',
  ),
  fc.string({ maxLength: 200 }),
);

const contentType = fc
  .tuple(
    fc.constantFrom(
      'application/json',
      'APPLICATION/JSON',
      'Application/Json',
      'application/jsonx',
      'application/json-patch+json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'text/json',
      '',
    ),
    fc.constantFrom(
      '',
      '\t',
      ' ',
      ';',
      '; charset=utf-8',
      ';charset=UTF-16',
      '\t; charset=utf-8',
      ';\tcharset=latin1',
      '; boundary=x',
      ', application/json',
      ', text/plain',
    ),
  )
  .map(([type, rest]) => `${type}${rest}`);

// A byte Node's parser refuses in a header value (tab is allowed).
const isControl = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 0x20 && code !== 0x09) || code === 0x7f;
};

forEachEngine((engine) => {
  describe(`fuzzing the untrusted input of the sample on ${engine}`, function () {
    this.timeout(60_000 + FUZZ_RUNS * 1000);
    let sample: SampleServer;
    let port: number;
    let token: string;
    let taskId: string;
    let cursor: string;
    before(async () => {
      sample = await startSample(engine);
      port = Number(new URL(sample.url).port);
      token = await sample.token('admin');
      const auth = { Authorization: `Bearer ${token}` };
      for (const title of ['first', 'second']) {
        const res = await request(sample.url).post('/tasks').set(auth).send({ title }).expect(201);
        taskId = String(res.body.id);
      }
      const page = await request(sample.url).get('/tasks?limit=1').set(auth).expect(200);
      cursor = String(page.body.meta?.nextCursor ?? '');
    });
    after(() => sample.close());

    // After every case: the process unharmed, and the next request answered as before it.
    async function send(raw: Buffer, what: string, headOnly = false): Promise<RawAnswer> {
      const answer = await exchange(port, raw, headOnly);
      expectSound(answer, what);
      expectPrototypesClean(what);
      const canary = await exchange(
        port,
        rawRequest('GET', '/auth/me', [['Authorization', `Bearer ${token}`]]),
      );
      expect(canary.status, `${what}: the next request`).to.equal(200);
      expect(JSON.parse(canary.body).username, `${what}: the next request`).to.equal('admin');
      return answer;
    }
    const auth = (): [string, string] => ['Authorization', `Bearer ${token}`];

    it('JSON bodies (depth, huge numbers, __proto__ and constructor keys): never a 5xx, and a 201 only for a valid task', async () => {
      await fuzz(jsonText, async (body) => {
        const answer = await send(
          rawRequest('POST', '/tasks', [auth(), ['Content-Type', 'application/json']], body),
          `body ${body.slice(0, 80)}`,
        );
        if (answer.status === 201) {
          const task = JSON.parse(answer.body);
          expect(task.title).to.be.a('string').and.have.length.within(1, 200);
          expect(task).not.to.have.property('polluted');
        } else expect([400, 413, 415, 422]).to.include(answer.status);
      });
    });

    it('Content-Type (tabs, case, parameters, lists, duplicates): a body never skips its schema', async () => {
      const invalid = JSON.stringify({ username: 12, password: ['x'] });
      await fuzz(
        fc.tuple(contentType, fc.option(contentType, { nil: undefined })),
        async ([type, duplicate]) => {
          const headers: [string, string][] = [['Content-Type', type]];
          if (duplicate !== undefined) headers.push(['Content-Type', duplicate]);
          const answer = await send(
            rawRequest('POST', '/auth/login', headers, invalid),
            `Content-Type ${JSON.stringify(headers)}`,
          );
          // 200 or 401 would mean the login ran on a body its schema refuses.
          expect([400, 413, 415, 422]).to.include(answer.status);
        },
      );
    });

    it('query strings (nesting, prototype keys, repeats, broken escapes): never a 5xx', async () => {
      const key = fc.oneof(
        fc.constantFrom(
          'page',
          'limit',
          'cursor',
          'direction',
          '__proto__',
          'constructor[prototype][polluted]',
          '__proto__[polluted]',
          'a[b][c]',
          'limit[]',
          'page[0]',
        ),
        urlText,
      );
      const query = fc
        .array(
          fc.tuple(
            key,
            fc.oneof(urlText, fc.constantFrom('1', '0', '-1', '1e9', '99999999999999999999', 'next', 'prev')),
          ),
          { maxLength: 8 },
        )
        .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));
      await fuzz(fc.tuple(fc.constantFrom('/tasks', '/users/'), query), async ([path, q]) => {
        await send(rawRequest('GET', `${path}?${q}`, [auth()]), `GET ${path}?${q}`);
      });
    });

    it('path parameters (encoded slashes, overlong and invalid UTF-8, long): never a 5xx', async () => {
      const segment = fc.oneof(
        urlText,
        percentJunk,
        fc.integer({ min: 1, max: 9000 }).map((n) => 'a'.repeat(n)),
      );
      await fuzz(
        fc.tuple(
          fc.constantFrom('/users/', '/tasks/', '/tasks/%s/attachments', '/tasks/%s/attachments/x'),
          segment,
        ),
        async ([template, seg]) => {
          const path = template.includes('%s') ? template.replace('%s', seg) : `${template}${seg}`;
          await send(rawRequest('GET', path, [auth()]), `GET ${path.slice(0, 120)}`);
        },
      );
    });

    it('Authorization (schemes, JWT shapes, alg none, junk): 401 with a code, never a 5xx', async () => {
      const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
      const [head, payload, signature] = token.split('.') as [string, string, string];
      const value = fc.oneof(
        headerText(300),
        headerText(300).map((text) => `Bearer ${text}`),
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'bearer x',
          'Basic YWRtaW46cGFzcw==',
          `Bearer ${head}.${payload}.`,
          `Bearer ${head}..${signature}`,
          `Bearer  ${token}`,
          `Bearer\t${token}`,
          `BEARER ${token}x`,
        ),
        fc
          .jsonValue({ maxDepth: 2 })
          .map((claims) => `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`),
        fc.jsonValue({ maxDepth: 2 }).map((claims) => `Bearer ${head}.${b64(claims)}.${signature}`),
      );
      await fuzz(value, async (header) => {
        const answer = await send(
          rawRequest('GET', '/auth/me', [['Authorization', header]]),
          `Authorization ${header.slice(0, 80)}`,
        );
        // One exception: the right token with a scheme in another case.
        if (answer.status !== 200) expect(answer.status).to.equal(401);
      });
    });

    it('multipart (boundaries, part headers, names, truncation): never a 5xx', async () => {
      const boundary = fc.oneof(
        fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/),
        fc.constantFrom('', '"quoted"', 'x'.repeat(200), 'a b', '--'),
      );
      const disposition = fc.oneof(
        fc.constantFrom(
          'form-data; name="file"; filename="a.txt"',
          'form-data; name=file; filename=a.txt',
          'form-data; name="FILE"; filename="a.txt"',
          'form-data; name="file"; filename="../../etc/passwd"',
          'form-data; name="file"; filename*=UTF-8\'\'%E2%82%AC.txt',
          'form-data; name="file"',
          'form-data',
          'attachment; name="file"; filename="a"',
          'form-data; name="file"; filename=""',
        ),
        headerText(120).map((text) => `form-data; ${text}`),
      );
      const partType = fc.constantFrom(
        'text/plain',
        'application/octet-stream',
        'image/png',
        '',
        'text/plain; charset=utf-8',
        'x',
      );
      const content = fc.oneof(
        fc.string({ maxLength: 200 }),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      );
      const ending = fc.constantFrom('--\r\n', '--', '\r\n', '');
      await fuzz(
        fc.tuple(boundary, disposition, partType, content, ending, fc.boolean()),
        async ([b, disp, type, text, end, twice]) => {
          const part = `--${b}\r\nContent-Disposition: ${disp}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n${text}\r\n`;
          const body = Buffer.from(`${part}${twice ? part : ''}--${b}${end}`, 'latin1');
          const answer = await send(
            rawRequest(
              'POST',
              `/tasks/${taskId}/attachments`,
              [auth(), ['Content-Type', `multipart/form-data; boundary=${b}`]],
              body,
            ),
            `multipart boundary=${b} disposition=${disp}`,
          );
          expect([201, 400, 404, 413, 415, 422]).to.include(answer.status);
        },
      );
    });

    it('Last-Event-ID: a stream or a coded 4xx, never a 5xx', async () => {
      const id = fc.oneof(
        headerText(100),
        fc.constantFrom('', '0', '-1', '99999999999999999999999', '1e3', '0x10', ' 5', '5 '),
        fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).map(String),
      );
      await fuzz(id, async (value) => {
        await send(
          rawRequest('GET', '/tasks/events', [
            auth(),
            ['Accept', 'text/event-stream'],
            ['Last-Event-ID', value],
          ]),
          `Last-Event-ID ${value}`,
          true,
        );
      });
    });

    it('Idempotency-Key (any length, control characters, obs-text): a coded answer, never a 5xx', async () => {
      let n = 0;
      await fuzz(fc.tuple(headerBytes(300), fc.boolean()), async ([key, valid]) => {
        n++;
        const body = valid
          ? {
              username: `fuzz${n}x${Date.now() % 100000}`,
              email: `f${n}@example.com`,
              password: 'Strong-pass-1!',
            }
          : { username: 1 };
        const answer = await send(
          rawRequest(
            'POST',
            '/auth/register',
            [
              ['Idempotency-Key', key],
              ['Content-Type', 'application/json'],
            ],
            JSON.stringify(body),
          ),
          `Idempotency-Key ${JSON.stringify(key).slice(0, 80)}`,
        );
        if ([...key].some(isControl)) expect(JSON.parse(answer.body).code).to.equal('MALFORMED_HTTP_REQUEST');
      });
    });

    it('signed cursors (tampered, truncated, foreign, huge): 400 with a code, never a 5xx', async () => {
      expect(cursor, 'a cursor to tamper with').to.not.equal('');
      const tampered = fc.oneof(
        fc.base64String({ maxLength: 400 }),
        fc.string({ maxLength: 100 }).map(encodeURIComponent),
        fc
          .nat({ max: cursor.length - 1 })
          .map((i) => `${cursor.slice(0, i)}${cursor[i] === 'A' ? 'B' : 'A'}${cursor.slice(i + 1)}`),
        fc.nat({ max: cursor.length }).map((i) => cursor.slice(0, i)),
        fc
          .jsonValue({ maxDepth: 2 })
          .map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
        fc.constant(`${cursor}${cursor}`),
      );
      await fuzz(fc.tuple(tampered, fc.constantFrom('next', 'prev', 'sideways')), async ([c, direction]) => {
        const answer = await send(
          rawRequest('GET', `/tasks?cursor=${encodeURIComponent(c)}&direction=${direction}&limit=1`, [
            auth(),
          ]),
          `cursor ${c.slice(0, 80)}`,
        );
        if (c !== cursor) expect([200, 400, 422]).to.include(answer.status);
      });
    });

    it('X-Forwarded-* without trustProxy: ignored, so every registration attempt counts against the one socket address', async () => {
      const forwarded = fc.tuple(
        fc.oneof(
          fc.ipV4(),
          fc.ipV6(),
          headerText(80),
          fc.array(fc.ipV4(), { maxLength: 20 }).map((ips) => ips.join(', ')),
        ),
        fc.constantFrom('http', 'https', 'gopher', '', 'https, http'),
        fc.oneof(fc.domain(), headerText(40)),
      );
      let remaining: number | undefined;
      await fuzz(forwarded, async ([xff, proto, host]) => {
        const answer = await send(
          rawRequest(
            'POST',
            '/auth/register',
            [
              ['X-Forwarded-For', xff],
              ['X-Forwarded-Proto', proto],
              ['X-Forwarded-Host', host],
              ['Content-Type', 'application/json'],
            ],
            '{}',
          ),
          `X-Forwarded-For ${xff}`,
        );
        const left = Number(/r=(\d+)/.exec(answer.headers.ratelimit ?? '')?.[1]);
        expect(left, 'RateLimit remaining').to.be.a('number').and.not.be.NaN;
        if (remaining !== undefined) expect(left).to.equal(Math.max(0, remaining - 1));
        remaining = left;
      });
    });
  });

  describe(`fuzzing X-Forwarded-* behind a trusted proxy on ${engine}`, function () {
    this.timeout(60_000 + FUZZ_RUNS * 1000);
    let sample: SampleServer;
    before(async () => {
      sample = await startSample(engine, { TRUST_PROXY: 'loopback' });
    });
    after(() => sample.close());

    it('with trustProxy, any X-Forwarded-For, -Proto or -Host is answered soundly, and a login still works', async () => {
      const port = Number(new URL(sample.url).port);
      const forwarded = fc.tuple(
        fc.oneof(
          fc.ipV4(),
          fc.ipV6(),
          headerText(80),
          fc
            .array(fc.oneof(fc.ipV4(), fc.ipV6(), headerText(10)), { maxLength: 30 })
            .map((ips) => ips.join(',')),
        ),
        fc.constantFrom('http', 'https', 'gopher', '', 'https, http'),
        fc.oneof(fc.domain(), headerText(40)),
      );
      await fuzz(forwarded, async ([xff, proto, host]) => {
        const what = `X-Forwarded-For ${xff}`;
        const answer = await exchange(
          port,
          rawRequest(
            'POST',
            '/auth/login',
            [
              ['X-Forwarded-For', xff],
              ['X-Forwarded-Proto', proto],
              ['X-Forwarded-Host', host],
              ['Content-Type', 'application/json'],
            ],
            JSON.stringify({ username: 'viewer', password: DEMO_PASSWORD }),
          ),
        );
        expectSound(answer, what);
        expect(answer.status, what).to.equal(200);
        expectPrototypesClean(what);
      });
    });
  });
});
