import { createServer, get, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { presetHeaders, setCheckedHeader } from '../../../src/security/preset-headers';

/** Serves one answer per request through `answer` and resolves to the headers of `count` answers. */
async function headersOf(answer: (res: ServerResponse) => void, count = 1): Promise<IncomingHttpHeaders[]> {
  const server = createServer((_req, res) => {
    answer(res);
    res.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const all: IncomingHttpHeaders[] = [];
    for (let i = 0; i < count; i++)
      all.push(
        await new Promise((resolve, reject) => {
          get({ host: '127.0.0.1', port, path: '/', agent: false }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers));
          }).on('error', reject);
        }),
      );
    return all;
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('presetHeaders', () => {
  const preset = presetHeaders([
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Content-Security-Policy', "default-src 'self'"],
  ]);

  it('sets every header as setHeader would, readable through getHeader', async () => {
    let read: unknown;
    const [headers] = await headersOf((res) => {
      preset(res);
      read = res.getHeader('x-frame-options');
    });
    expect(read).to.equal('SAMEORIGIN');
    expect(headers['x-frame-options']).to.equal('SAMEORIGIN');
    expect(headers['content-security-policy']).to.equal("default-src 'self'");
  });

  it('keeps headers set before it and lets later calls change or remove its own', async () => {
    const [headers] = await headersOf((res) => {
      res.setHeader('X-Request-Id', 'abc');
      preset(res);
      res.removeHeader('X-Frame-Options');
      res.setHeader('Content-Security-Policy', "default-src 'none'");
    });
    expect(headers['x-request-id']).to.equal('abc');
    expect(headers).not.to.have.property('x-frame-options');
    expect(headers['content-security-policy']).to.equal("default-src 'none'");
  });

  it('gives each response its own values: appending to one leaves the next as preset', async () => {
    let appended = false;
    const [first, second] = await headersOf((res) => {
      preset(res);
      if (!appended) res.appendHeader('Content-Security-Policy', "img-src 'self'");
      appended = true;
    }, 2);
    expect(first['content-security-policy']).to.equal("default-src 'self', img-src 'self'");
    expect(second['content-security-policy']).to.equal("default-src 'self'");
  });

  it('refuses a malformed name or value when it is made, not on each request', () => {
    expect(() => presetHeaders([['Bad Name', 'x']])).to.throw(TypeError);
    expect(() => presetHeaders([['X-Ok', 'line\nbreak']])).to.throw(TypeError);
  });
});

describe('setCheckedHeader', () => {
  it('sets one header under its lower-cased key, replacing one set before', async () => {
    const [headers] = await headersOf((res) => {
      res.setHeader('X-Request-Id', 'first');
      setCheckedHeader(res, 'x-request-id', 'X-Request-Id', 'second');
    });
    expect(headers['x-request-id']).to.equal('second');
  });
});
