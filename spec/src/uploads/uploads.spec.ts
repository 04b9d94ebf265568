import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { expect } from 'chai';
import { z } from 'zod';
import { Auth } from '../../../modules/auth';
import { Controller, createApp, Post } from '../../../src';
import { FormFields, UploadedFile, UploadedFiles } from '../../../src/uploads/upload-decorators';
import { FAST_ROUNDS, SECRET, stubUsers } from '../../modules/auth/auth-fixtures';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

const json = async (res: Response): Promise<any> => res.json();
// A PNG's signature, then random bytes: random bytes alone could start like another format.
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG, randomBytes(size - PNG.length)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const calls: string[] = [];
let keptPath: string | undefined;
let seenPath: string | undefined;

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const Meta = z.object({ title: z.string().min(1), tags: z.array(z.string()).optional() });

@Controller('/upload')
class UploadController {
  @Post('/one')
  one(
    @UploadedFile('file', { maxBytes: 1024 * 1024, mimeTypes: ['image/*', 'text/plain'] }) file: UploadedFile,
  ) {
    calls.push('one');
    seenPath = file.path;
    const onDisk = readFileSync(file.path as string);
    return { ...file, onDisk: sha256(onDisk) };
  }

  @Post('/kept')
  kept(@UploadedFile('file') file: UploadedFile) {
    file.keep();
    keptPath = file.path;
    return { path: file.path };
  }

  @Post('/many')
  many(
    @UploadedFiles('docs', { maxFiles: 2 }) docs: UploadedFile[],
    @FormFields(Meta) meta: z.infer<typeof Meta>,
  ) {
    calls.push('many');
    return { names: docs.map((doc) => doc.filename), meta };
  }

  @Post('/sink')
  sink(
    @UploadedFile('file', {
      sink: async (stream, info) => ({ bytes: (await collect(stream)).toString('base64'), info }),
    })
    file: UploadedFile,
  ) {
    return { stored: file.stored, path: file.path ?? null, sha256: file.sha256, size: file.size };
  }
}

function form(
  files: { field: string; name: string; type: string; bytes: Buffer }[],
  fields: Record<string, string> = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append(file.field, new Blob([file.bytes], { type: file.type }), file.name);
  return body;
}

describe('uploads: UploadedFile, UploadedFiles, FormFields', () => {
  let temp: string;
  let previousTmp: string | undefined;
  before(() => {
    previousTmp = process.env.TMPDIR;
    temp = mkdtempSync(join(tmpdir(), 'trellis-uploads-spec-'));
    process.env.TMPDIR = temp;
  });
  after(() => {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    rmSync(temp, { recursive: true, force: true });
  });
  const leftovers = () => readdirSync(temp);
  // Files are removed once the answer is written, a moment after the client may read it.
  const removed = async () => {
    const deadline = Date.now() + 2000;
    while (leftovers().length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(leftovers()).to.deep.equal([]);
  };

  forEachEngine((engine) => {
    let served: Served;
    beforeEach(async () => {
      calls.length = 0;
      served = await serve(createApp({ engine, controllers: [UploadController] }));
    });
    afterEach(async () => {
      await served.close();
      for (const name of leftovers()) rmSync(join(temp, name), { force: true });
    });
    const post = (path: string, body: FormData | string, headers: Record<string, string> = {}) =>
      fetch(`${served.url}/upload${path}`, { method: 'POST', body, headers });

    it('writes the file to a temporary file with its name, type, size and SHA-256, removed after the answer', async () => {
      const bytes = png(300 * 1024);
      const res = await post('/one', form([{ field: 'file', name: 'photo.png', type: 'image/png', bytes }]));
      expect(res.status).to.equal(201);
      const body = await json(res);
      expect(body).to.include({
        fieldName: 'file',
        filename: 'photo.png',
        mimeType: 'image/png',
        size: bytes.length,
        sha256: sha256(bytes),
        onDisk: sha256(bytes),
      });
      await removed();
      expect(existsSync(seenPath as string)).to.equal(false);
    });

    it('keeps the temporary file when the handler keeps it', async () => {
      const res = await post(
        '/kept',
        form([{ field: 'file', name: 'a.txt', type: 'text/plain', bytes: Buffer.from('keep me') }]),
      );
      expect(res.status).to.equal(201);
      expect(readFileSync(keptPath as string, 'utf8')).to.equal('keep me');
      rmSync(keptPath as string);
    });

    it('gives several files of a field and the text fields validated by the schema', async () => {
      const files = ['a', 'b'].map((n) => ({
        field: 'docs',
        name: `${n}.txt`,
        type: 'text/plain',
        bytes: Buffer.from(n),
      }));
      const body = form(files, { title: 'Report' });
      body.append('tags', 'x');
      body.append('tags', 'y');
      const res = await post('/many', body);
      expect(res.status).to.equal(201);
      expect(await json(res)).to.deep.equal({
        names: ['a.txt', 'b.txt'],
        meta: { title: 'Report', tags: ['x', 'y'] },
      });
      await removed();
    });

    it('hands the bytes to an application sink instead of a temporary file', async () => {
      const bytes = Buffer.from('to the bucket');
      const res = await post(
        '/sink',
        form([{ field: 'file', name: 'b.bin', type: 'application/octet-stream', bytes }]),
      );
      expect(res.status).to.equal(201);
      const body = await json(res);
      expect(Buffer.from(body.stored.bytes, 'base64').toString()).to.equal('to the bucket');
      expect(body.stored.info).to.deep.equal({
        fieldName: 'file',
        filename: 'b.bin',
        mimeType: 'application/octet-stream',
      });
      expect(body).to.include({ path: null, sha256: sha256(bytes), size: bytes.length });
    });

    it('answers 413 for a file over maxBytes and removes the partial file', async () => {
      const res = await post(
        '/one',
        form([{ field: 'file', name: 'big.png', type: 'image/png', bytes: png(1024 * 1024 + 1) }]),
      );
      expect(res.status).to.equal(413);
      expect(await json(res)).to.include({ statusCode: 413, error: 'Payload Too Large' });
      expect(calls).to.deep.equal([]);
      await removed();
    });

    it('answers 413 past maxFiles, with no temporary file left', async () => {
      const files = ['a', 'b', 'c'].map((n) => ({
        field: 'docs',
        name: n,
        type: 'text/plain',
        bytes: randomBytes(50_000),
      }));
      const res = await post('/many', form(files, { title: 't' }));
      expect(res.status).to.equal(413);
      expect(calls).to.deep.equal([]);
      await removed();
    });

    it('answers 413 for a text field over the field size', async () => {
      const res = await post('/many', form([], { title: 'x'.repeat(64 * 1024 + 1) }));
      expect(res.status).to.equal(413);
    });

    it('answers 415 for a file whose bytes show a type the field does not allow, whatever it declares', async () => {
      const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(20_000)]);
      const res = await post('/one', form([{ field: 'file', name: 'x.png', type: 'image/png', bytes: pdf }]));
      expect(res.status).to.equal(415);
      expect(await json(res)).to.include({
        message: "Type 'application/pdf' is not allowed in field 'file'",
      });
      await removed();
    });

    it('answers 415 for a type the field does not allow', async () => {
      const res = await post(
        '/one',
        form([{ field: 'file', name: 'x.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF') }]),
      );
      expect(res.status).to.equal(415);
      expect(await json(res)).to.include({ statusCode: 415 });
      await removed();
    });

    it('answers 422 with details for a body that is not multipart, a missing file, a file in an unknown field, and bad fields', async () => {
      const notMultipart = await post('/one', JSON.stringify({ file: 'no' }), {
        'content-type': 'application/json',
      });
      expect(notMultipart.status).to.equal(422);
      expect((await json(notMultipart)).details).to.deep.equal([
        { path: 'body', message: 'Expected a multipart/form-data body', code: 'invalid_type' },
      ]);
      const missing = await post('/one', form([], { note: 'no file' }));
      expect(missing.status).to.equal(422);
      expect((await json(missing)).details).to.deep.equal([
        { path: 'files.file', message: 'A file is required', code: 'required' },
      ]);
      const unknown = await post(
        '/one',
        form([{ field: 'other', name: 'x', type: 'text/plain', bytes: Buffer.from('x') }]),
      );
      expect(unknown.status).to.equal(422);
      expect((await json(unknown)).details[0]).to.include({ path: 'files.other' });
      const badFields = await post('/many', form([], { title: '' }));
      expect(badFields.status).to.equal(422);
      expect((await json(badFields)).details[0]).to.include({ path: 'fields.title' });
      expect(calls).to.deep.equal([]);
      await removed();
    });

    it('answers 422 for a malformed multipart body', async () => {
      const res = await post('/one', '--nope\r\ngarbage', {
        'content-type': 'multipart/form-data; boundary=b0undary',
      });
      expect(res.status).to.equal(422);
      await removed();
    });

    it('leaves no temporary file when the client aborts mid-upload', async () => {
      const boundary = 'abortboundary';
      const { port } = new URL(served.url);
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/upload/one',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(2_000_000),
        },
      });
      req.on('error', () => {});
      req.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      req.write(png(200_000));
      const deadline = Date.now() + 3000;
      while (leftovers().length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(leftovers()).to.have.length(1);
      req.destroy();
      while (leftovers().length > 0 && Date.now() < deadline + 3000)
        await new Promise((r) => setTimeout(r, 10));
      await removed();
      expect(calls).to.deep.equal([]);
    });
  });
});

@Controller('/guarded-upload')
@Auth()
class GuardedUploadController {
  @Post()
  upload(@UploadedFile('file') file: UploadedFile) {
    calls.push('guarded');
    return { size: file.size };
  }
}

describe('uploads: guards run before the body is read', () => {
  forEachEngine((engine) => {
    it('refuses an unauthenticated upload with 401 and writes nothing', async () => {
      const temp = mkdtempSync(join(tmpdir(), 'trellis-uploads-guard-'));
      const previous = process.env.TMPDIR;
      process.env.TMPDIR = temp;
      const users = await stubUsers();
      const served = await serve(
        createApp({ engine, controllers: [GuardedUploadController] }).install('auth', {
          jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
          userProvider: users.provider,
          bcryptRounds: FAST_ROUNDS,
        }),
      );
      try {
        calls.length = 0;
        const res = await fetch(`${served.url}/guarded-upload`, {
          method: 'POST',
          body: form([
            { field: 'file', name: 'a.bin', type: 'application/octet-stream', bytes: randomBytes(100_000) },
          ]),
        });
        expect(res.status).to.equal(401);
        expect(calls).to.deep.equal([]);
        expect(readdirSync(temp)).to.deep.equal([]);
      } finally {
        await served.close();
        if (previous === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = previous;
        rmSync(temp, { recursive: true, force: true });
      }
    });
  });
});

describe('uploads: limits resolved at ready()', () => {
  const LIMIT = Symbol('limit');

  it('reads a maxBytes function once, with the container, and refuses a limit that is not a positive integer', async () => {
    @Controller('/limited')
    class LimitedController {
      @Post()
      upload(
        @UploadedFile('file', { maxBytes: (container) => container.get<number>(LIMIT) }) file: UploadedFile,
      ) {
        return { size: file.size };
      }
    }
    const app = createApp({ controllers: [LimitedController] });
    app.container.bind(LIMIT).toConstantValue(4);
    const served = await serve(app);
    try {
      const small = await fetch(`${served.url}/limited`, {
        method: 'POST',
        body: form([{ field: 'file', name: 'a', type: 'text/plain', bytes: Buffer.from('1234') }]),
      });
      expect(small.status).to.equal(201);
      const big = await fetch(`${served.url}/limited`, {
        method: 'POST',
        body: form([{ field: 'file', name: 'a', type: 'text/plain', bytes: Buffer.from('12345') }]),
      });
      expect(big.status).to.equal(413);
    } finally {
      await served.close();
    }
    const broken = createApp({ controllers: [LimitedController] });
    broken.container.bind(LIMIT).toConstantValue(-1);
    const error = await broken.ready().then(
      () => undefined,
      (err: unknown) => err,
    );
    expectCode(error, 'TRELLIS_ERR_INVALID_OPTION');
    expect((error as Error).message).to.equal(
      'LimitedController.upload: maxBytes: must be a positive integer, got -1',
    );
  });
});
