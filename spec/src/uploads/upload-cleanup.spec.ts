import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { type ClientRequest, request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { Controller, createApp, Post } from '../../../src';
import { UploadedFile } from '../../../src/uploads/upload-decorators';
import { forEachEngine } from '../../support/engines';
import { rateLimitOf } from '../../support/rate-limit-fields';
import { type Served, serve } from '../../support/serve';

// Where the handler moves a kept file: a folder that does not exist, so the move fails.
let destination = '';
const BOUNDARY = 'cleanupboundary';

@Controller('/files')
class FilesController {
  @Post('/move')
  move(@UploadedFile('file') file: UploadedFile) {
    file.keep();
    renameSync(file.path as string, join(destination, 'missing-folder', 'kept.bin'));
    return { moved: true };
  }

  @Post('/plain')
  plain(@UploadedFile('file') file: UploadedFile) {
    return { size: file.size };
  }
}

/** A multipart upload sent by hand: its head and first bytes now, the rest when told. */
class SlowUpload {
  readonly answered: Promise<{ status: number; body: string } | undefined>;
  readonly req: ClientRequest;

  constructor(url: string, path: string) {
    const { port } = new URL(url);
    const tail = `\r\n--${BOUNDARY}--\r\n`;
    this.req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(SlowUpload.head.length + 400_000 + tail.length),
      },
    });
    this.answered = new Promise((resolve) => {
      this.req.on('error', () => resolve(undefined));
      this.req.on('response', (res: IncomingMessage) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', () => resolve(undefined));
      });
    });
    this.req.write(SlowUpload.head);
    this.req.write(randomBytes(200_000));
    this.tail = tail;
  }

  private readonly tail: string;
  static readonly head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );

  /** Sends the rest of the body. */
  finish(): void {
    this.req.write(randomBytes(200_000));
    this.req.end(this.tail);
  }
}

describe('uploads: temporary files go on every failure path, and uploads are capped per client', () => {
  let temp: string;
  let previousTmp: string | undefined;
  before(() => {
    previousTmp = process.env.TMPDIR;
    temp = mkdtempSync(join(tmpdir(), 'trellis-upload-cleanup-'));
    destination = mkdtempSync(join(tmpdir(), 'trellis-upload-destination-'));
    process.env.TMPDIR = temp;
  });
  after(() => {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    rmSync(temp, { recursive: true, force: true });
    rmSync(destination, { recursive: true, force: true });
  });
  const leftovers = () => readdirSync(temp);
  const until = async (condition: () => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (!condition() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return condition();
  };

  forEachEngine((engine) => {
    let served: Served | undefined;
    const uploads: SlowUpload[] = [];
    const start = async (options = {}) => {
      served = await serve(createApp({ engine, controllers: [FilesController], ...options }));
      return served;
    };
    afterEach(async () => {
      for (const upload of uploads.splice(0)) upload.req.destroy();
      await served?.close();
      served = undefined;
      for (const name of leftovers()) rmSync(join(temp, name), { force: true });
    });

    it('removes a kept temporary file when the handler fails after keeping it (its move failed)', async () => {
      const { url } = await start();
      const body = new FormData();
      body.append('file', new Blob([randomBytes(50_000)]), 'a.bin');
      const res = await fetch(`${url}/files/move`, { method: 'POST', body });
      expect(res.status).to.equal(500);
      expect(await until(() => leftovers().length === 0)).to.equal(true);
    });

    it('close() aborts the uploads in progress and removes their partial files before it resolves', async () => {
      const { url } = await start();
      for (let i = 0; i < 3; i++) uploads.push(new SlowUpload(url, '/files/plain'));
      expect(await until(() => leftovers().length === 3)).to.equal(true);
      await served!.close();
      served = undefined;
      expect(leftovers()).to.deep.equal([]);
      const answers = await Promise.all(uploads.map((upload) => upload.answered));
      expect(answers.map((answer) => answer?.status)).to.deep.equal([503, 503, 503]);
    });

    it('answers 429 past the uploads one client may have in progress, and takes one again once a place is free', async () => {
      const { url } = await start({ uploads: { maxConcurrentPerClient: 2 } });
      const first = new SlowUpload(url, '/files/plain');
      const second = new SlowUpload(url, '/files/plain');
      uploads.push(first, second);
      expect(await until(() => leftovers().length === 2)).to.equal(true);
      const body = new FormData();
      body.append('file', new Blob([randomBytes(1000)]), 'b.bin');
      const refused = await fetch(`${url}/files/plain`, { method: 'POST', body });
      expect(refused.status).to.equal(429);
      expect(refused.headers.get('retry-after')).to.equal('1');
      expect(rateLimitOf(Object.fromEntries(refused.headers))).to.deep.equal({
        name: 'uploads-in-progress',
        limit: 2,
        window: 1,
        remaining: 0,
        reset: 1,
      });
      expect(await refused.json()).to.include({ statusCode: 429, error: 'Too Many Requests' });
      first.finish();
      expect((await first.answered)?.status).to.equal(201);
      const again = await fetch(`${url}/files/plain`, { method: 'POST', body });
      expect(again.status).to.equal(201);
      expect(await again.json()).to.deep.equal({ size: 1000 });
    });

    it('refuses an uploads option that is not a positive integer at createApp', () => {
      expect(() => createApp({ engine, uploads: { maxConcurrentPerClient: 0 } })).to.throw(/uploads/);
    });
  });
});
