import { expect } from 'chai';
import request from 'supertest';
import { IdempotencyStore } from '../../../modules/database';
import { requestFingerprint } from '../../../modules/database/idempotency/request-fingerprint';
import { sampleApi } from '../../../sample/api/sample-api';
import { createClient } from '../../../src/client';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample: Idempotent() in the contract and the OpenAPI document', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let token: string;
    before(async () => {
      sample = await startSample(engine);
      token = await sample.token('developer');
    });
    after(() => sample.close());

    it('documents POST /tasks with the Idempotency-Key header and its 409 and 422 answers', async () => {
      const document = (await request(sample.url).get('/openapi.json').expect(200)).body;
      const operation = document.paths['/tasks'].post;
      const header = operation.parameters.find((param: { name: string }) => param.name === 'Idempotency-Key');
      expect(header).to.include({ in: 'header', required: false });
      expect(header.schema).to.include({ type: 'string', minLength: 1, maxLength: 255 });
      expect(operation.responses).to.have.property('409');
      expect(operation.responses).to.have.property('422');
    });

    it('gives the typed client 409 (the first still runs) and 422 (another body) as results, not UnexpectedStatusError', async () => {
      const client = createClient(sampleApi, {
        baseUrl: sample.url,
        headers: { authorization: `Bearer ${token}` },
      });
      const create = (key: string, title: string) =>
        client.createTask({ body: { title }, headers: { 'idempotency-key': key } });
      // Another instance holds the key: its claim is in the shared store, still running.
      const me = (await request(sample.url).get('/auth/me').auth(token, { type: 'bearer' }).expect(200)).body;
      const store = sample.app.container.get(IdempotencyStore);
      const fingerprint = requestFingerprint('TasksController.createTask', {
        method: 'POST',
        url: '/tasks',
        body: { title: 'Once' },
      });
      expect((await store.begin(`user:${me.id} held`, fingerprint, 60_000)).state).to.equal('claimed');
      const repeat = await create('held', 'Once');
      expect(repeat.status).to.equal(409);
      expect(repeat.body).to.include({ statusCode: 409, code: 'CONFLICT' });

      await create('reused', 'First').then((answer) => expect(answer.status).to.equal(201));
      const reused = await create('reused', 'Another body');
      expect(reused.status).to.equal(422);
      expect(reused.body).to.include({
        statusCode: 422,
        message: 'This Idempotency-Key was already used with another request',
      });
    });
  });
});
