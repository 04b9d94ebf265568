import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { expect } from 'chai';
import { Controller, createApp, Get } from '../../../src';
import { contentDisposition } from '../../../src/downloads/content-disposition';
import { StreamableFile } from '../../../src/downloads/streamable-file';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const dir = mkdtempSync(join(tmpdir(), 'trellis-downloads-spec-'));
const FILE = join(dir, 'data.bin');
const BYTES = randomBytes(3 * 1024 * 1024 + 17);
writeFileSync(FILE, BYTES);

/** An endless source that counts what was read from it and whether it was destroyed. */
class Endless extends Readable {
  reads = 0;
  gone = false;
  override _read() {
    this.reads++;
    this.push(Buffer.alloc(64 * 1024, 1));
  }
  override _destroy(err: Error | null, done: (err?: Error | null) => void) {
    this.gone = true;
    done(err);
  }
}
let endless: Endless | undefined;

@Controller('/files')
class FilesController {
  @Get('/path')
  path() {
    return new StreamableFile(FILE, { type: 'application/x-test', filename: 'report final.bin' });
  }

  @Get('/stream')
  stream() {
    return new StreamableFile(Readable.from([Buffer.from('chunk one, '), Buffer.from('chunk two')]), {
      type: 'text/plain',
    });
  }

  @Get('/endless')
  endless() {
    endless = new Endless();
    return new StreamableFile(endless);
  }

  @Get('/missing')
  missing() {
    return new StreamableFile(join(dir, 'nope.bin'));
  }
}

after(() => rmSync(dir, { recursive: true, force: true }));

describe('StreamableFile', () => {
  it('names a file in Content-Disposition safely: ASCII as is, anything else with filename*', () => {
    expect(contentDisposition('a b.txt')).to.equal('attachment; filename="a b.txt"');
    expect(contentDisposition('informe "final"\r\n.pdf')).to.equal(
      `attachment; filename="informe _final_  .pdf"; filename*=UTF-8''informe%20%22final%22%20%20.pdf`,
    );
    expect(contentDisposition('año.txt')).to.equal(
      `attachment; filename="a_o.txt"; filename*=UTF-8''a%C3%B1o.txt`,
    );
  });

  forEachEngine((engine) => {
    let served: Served;
    beforeEach(async () => {
      served = await serve(createApp({ engine, controllers: [FilesController] }));
    });
    afterEach(() => served.close());

    it('streams a file with its type, length and attachment name; the bytes hash to the original', async () => {
      const res = await fetch(`${served.url}/files/path`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/x-test');
      expect(res.headers.get('content-length')).to.equal(String(BYTES.length));
      expect(res.headers.get('content-disposition')).to.equal('attachment; filename="report final.bin"');
      expect(sha256(Buffer.from(await res.arrayBuffer()))).to.equal(sha256(BYTES));
    });

    it('streams a readable of unknown length chunked', async () => {
      const res = await fetch(`${served.url}/files/stream`);
      expect(res.headers.get('content-length')).to.equal(null);
      expect(res.headers.get('transfer-encoding')).to.equal('chunked');
      expect(await res.text()).to.equal('chunk one, chunk two');
    });

    it('answers HEAD with the headers and no body, without reading the source', async () => {
      const res = await fetch(`${served.url}/files/path`, { method: 'HEAD' });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-length')).to.equal(String(BYTES.length));
      expect(await res.text()).to.equal('');
      const endlessHead = await fetch(`${served.url}/files/endless`, { method: 'HEAD' });
      expect(await endlessHead.text()).to.equal('');
      expect(endless?.reads).to.equal(0);
      expect(endless?.gone).to.equal(true);
    });

    it('reads only as fast as a slow client takes, and stops reading when the client goes away', async () => {
      const { port } = new URL(served.url);
      const req = httpRequest({ host: '127.0.0.1', port, path: '/files/endless' });
      req.on('error', () => {});
      const res = await new Promise<import('node:http').IncomingMessage>((resolve) => {
        req.on('response', resolve);
        req.end();
      });
      res.pause();
      await new Promise((r) => setTimeout(r, 300));
      const whilePaused = endless?.reads ?? 0;
      await new Promise((r) => setTimeout(r, 300));
      // Socket buffers fill, then the source waits: no more reads while the client reads nothing.
      expect(endless?.reads).to.equal(whilePaused);
      expect(whilePaused * 64 * 1024).to.be.below(64 * 1024 * 1024);
      req.destroy();
      const deadline = Date.now() + 3000;
      while (!endless?.gone && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(endless?.gone).to.equal(true);
    });

    it('answers a file that cannot be opened as a JSON error, before any byte is sent', async () => {
      const res = await fetch(`${served.url}/files/missing`);
      expect(res.status).to.equal(500);
      expect(await res.json()).to.include({ statusCode: 500 });
    });
  });
});
