import { expect } from 'chai';
import { z } from 'zod';
import { createApp } from '../../../src';
import { ContractInputError, contract, createClient, UnexpectedStatusError } from '../../../src/client';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { notesApi } from '../contract/notes-api';
import { NotesController } from '../contract/notes-controller';

describe('createClient(contract): a typed fetch client', () => {
  forEachEngine((engine) => {
    let served: Served;
    let sent: string[];
    const counting: typeof fetch = (input, init) => {
      sent.push(`${init?.method} ${String(input)}`);
      return fetch(input, init);
    };
    const client = () => createClient(notesApi, { baseUrl: `${served.url}/`, fetch: counting });
    before(async () => {
      served = await serve(createApp({ engine, controllers: [NotesController], openapi: false }));
    });
    beforeEach(() => {
      sent = [];
    });
    after(() => served.close());

    it('calls a route with its path parameters and narrows the answer by status', async () => {
      const found = await client().getNote({ params: { id: 'n1' } });
      expect(found.status).to.equal(200);
      if (found.status === 200) expect(found.body.text).to.equal('first');
      const missing = await client().getNote({ params: { id: 'n9' } });
      if (missing.status !== 404) expect.fail(`expected 404, got ${missing.status}`);
      expect(missing.body).to.include({ code: 'NOT_FOUND', message: 'No such note' });
      expect(missing.headers.get('content-type')).to.match(/^application\/json/);
    });

    it('sends the query, repeated keys for arrays, and no undefined value', async () => {
      const pinned = await client().listNotes({ query: { pinned: 'false', tag: ['a', 'b'] } });
      expect(sent).to.deep.equal([`GET ${served.url}/notes?pinned=false&tag=a&tag=b`]);
      expect(pinned.status === 200 && pinned.body.map((note) => note.id)).to.deep.equal(['n2']);
      await client().listNotes();
      expect(sent[1]).to.equal(`GET ${served.url}/notes`);
    });

    it('sends the body as JSON and the route headers, and reads the answer of the declared status', async () => {
      const made = await client().createNote({ body: { text: 'hi' }, headers: { 'x-author': 'ada' } });
      expect(made).to.include({ status: 201 });
      expect(made.body).to.deep.equal({ id: 'n3', text: 'hi (ada)', pinned: false });
      const taken = await client().createNote({ body: { text: 'taken' }, headers: { 'x-author': 'ada' } });
      if (taken.status !== 409) expect.fail(`expected 409, got ${taken.status}`);
      expect(taken.body.code).to.equal('CONFLICT');
    });

    it('resolves an answer without a body to an undefined body', async () => {
      const removed = await client().removeNote({ params: { id: 'n2' } });
      expect(removed).to.include({ status: 204, body: undefined });
    });

    it('encodes path parameters, keeping the slashes of a wildcard', async () => {
      const file = await client().readFile({ params: { rest: 'a b/c?.txt' } });
      expect(sent).to.deep.equal([`GET ${served.url}/files/a%20b/c%3F.txt`]);
      expect(file.body).to.deep.equal({ rest: 'a b/c?.txt' });
    });

    it('refuses bad input before sending anything, naming every failure', async () => {
      const err = await client()
        .createNote({ body: { text: '' }, headers: { 'x-author': 'a' } })
        .catch((error: unknown) => error);
      expect(err).to.be.instanceOf(ContractInputError);
      expect(err).to.include({ code: 'TRELLIS_ERR_CONTRACT_INPUT' });
      expect((err as ContractInputError).details.map((issue) => issue.path)).to.deep.equal([
        'body.text',
        'headers.x-author',
      ]);
      const badId = await client()
        .getNote({ params: { id: 'x' } })
        .catch((error: unknown) => error);
      expect(badId).to.be.instanceOf(ContractInputError);
      expect(sent).to.deep.equal([]);
    });

    it('throws UnexpectedStatusError for a status the contract does not list', async () => {
      const narrow = createClient(
        contract({ ghost: { method: 'GET', path: '/ghost', responses: { 200: z.string() } } }),
        { baseUrl: served.url },
      );
      const err = await narrow.ghost().catch((error: unknown) => error);
      expect(err).to.be.instanceOf(UnexpectedStatusError);
      expect(err).to.include({ status: 404, code: 'TRELLIS_ERR_UNEXPECTED_STATUS' });
    });

    it('adds the headers of the options, from a function called per call', async () => {
      let calls = 0;
      const withAuthor = createClient(notesApi, {
        baseUrl: served.url,
        headers: async () => {
          calls++;
          return { 'x-author': `from-options-${calls}` };
        },
      });
      const made = await withAuthor.createNote(
        { body: { text: 'x' }, headers: { 'x-author': 'route' } },
        { headers: { 'x-author': 'per-call' } },
      );
      expect(made.body).to.include({ text: 'x (per-call)' });
      expect(calls).to.equal(1);
    });
  });
});
