import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('sample task attachments', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let developer: string;
    let viewer: string;
    let taskId: string;
    before(async () => {
      sample = await startSample(engine, { ATTACHMENT_MAX_BYTES: String(256 * 1024) });
      developer = await sample.token('developer');
      viewer = await sample.token('viewer');
      const task = await request(sample.url)
        .post('/tasks')
        .auth(developer, { type: 'bearer' })
        .send({ title: 'With files' })
        .expect(201);
      taskId = task.body.id;
    });
    after(() => sample.close());

    const attach = (
      token: string,
      bytes: Buffer,
      filename = 'notes.txt',
      type = 'text/plain',
      task = taskId,
    ) =>
      request(sample.url)
        .post(`/tasks/${task}/attachments`)
        .auth(token, { type: 'bearer' })
        .attach('file', bytes, { filename, contentType: type });

    it('stores an attachment, lists it, and streams back bytes that hash to what was uploaded', async () => {
      // A fixed start: random bytes alone could start like a known format, whose type would be reported.
      const bytes = Buffer.concat([Buffer.from('trellis attachment\n'), randomBytes(200 * 1024)]);
      const created = await attach(developer, bytes, 'informe año.bin', 'application/octet-stream').expect(
        201,
      );
      expect(created.body).to.deep.equal({
        id: created.body.id,
        filename: 'informe año.bin',
        mimeType: 'application/octet-stream',
        size: bytes.length,
        sha256: sha256(bytes),
      });
      const listed = await request(sample.url)
        .get(`/tasks/${taskId}/attachments`)
        .auth(viewer, { type: 'bearer' })
        .expect(200);
      expect(listed.body).to.deep.include(created.body);
      const download = await request(sample.url)
        .get(`/tasks/${taskId}/attachments/${created.body.id}`)
        .auth(viewer, { type: 'bearer' })
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      expect(download.headers['content-type']).to.equal('application/octet-stream');
      expect(download.headers['content-length']).to.equal(String(bytes.length));
      expect(download.headers['content-disposition']).to.match(
        /^attachment; filename="informe a_o.bin"; filename\*=UTF-8''informe%20a%C3%B1o.bin$/,
      );
      expect(sha256(download.body as Buffer)).to.equal(sha256(bytes));
    });

    it('answers 413 past ATTACHMENT_MAX_BYTES, and 422 without the file field', async () => {
      const tooBig = await attach(developer, randomBytes(256 * 1024 + 1)).expect(413);
      expect(tooBig.body).to.include({ statusCode: 413 });
      const none = await request(sample.url)
        .post(`/tasks/${taskId}/attachments`)
        .auth(developer, { type: 'bearer' })
        .field('note', 'no file')
        .expect(422);
      expect(none.body.details).to.deep.equal([
        { path: 'files.file', message: 'A file is required', code: 'required' },
      ]);
    });

    it('answers 404 for an unknown task or attachment', async () => {
      const unknownTask = '00000000-0000-4000-8000-000000000000';
      await attach(developer, Buffer.from('x'), 'x.txt', 'text/plain', unknownTask).expect(404);
      await request(sample.url)
        .get(`/tasks/${unknownTask}/attachments`)
        .auth(viewer, { type: 'bearer' })
        .expect(404);
      for (const id of [unknownTask, '..%2F..%2Fsample.db', 'not-an-id'])
        await request(sample.url)
          .get(`/tasks/${taskId}/attachments/${id}`)
          .auth(viewer, { type: 'bearer' })
          .expect(404);
    });

    it('needs tasks.update to attach (a viewer gets 403) and a token to read (401)', async () => {
      await attach(viewer, Buffer.from('x')).expect(403);
      await request(sample.url).get(`/tasks/${taskId}/attachments`).expect(401);
    });
  });
});
