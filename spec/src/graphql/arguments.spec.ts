import { expect } from 'chai';
import sinon from 'sinon';
import { z } from 'zod';
import { Arg, createApp, Injectable, Mutation, Query, Resolver } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';

const NewNote = z.object({
  title: z.string().min(3),
  body: z.string().max(20).optional(),
  remindAt: z.date().min(new Date('2000-01-01')).optional(),
});

@Injectable()
class NoteStore {
  create(_note: z.infer<typeof NewNote>): { id: number; title: string } {
    throw new Error('replaced by a stub');
  }

  page(_page: number, _size: number): string[] {
    throw new Error('replaced by a stub');
  }
}

@Resolver()
class NoteResolver {
  constructor(private readonly store: NoteStore) {}

  @Query(z.array(z.string()))
  notes(
    @Arg('page', z.number().int().min(1).default(1)) page: number,
    @Arg('size', z.number().int().max(50).optional()) size: number | undefined,
  ) {
    return this.store.page(page, size ?? 10);
  }

  @Mutation(z.object({ id: z.number().int(), title: z.string() }))
  createNote(@Arg('input', NewNote) input: z.infer<typeof NewNote>) {
    return this.store.create(input);
  }
}

const CREATE = 'mutation ($input: CreateNoteInput!) { createNote(input: $input) { id title } }';

describe('GraphQL arguments', () => {
  forEachEngine((engine) => {
    let served: Served;
    const store = { create: sinon.stub(), page: sinon.stub() };
    before(async () => {
      const app = createApp({ engine, resolvers: [NoteResolver] }).override(NoteStore, store);
      served = await serve(app);
    });
    after(() => served.close());
    beforeEach(() => {
      store.create.reset();
      store.page.reset();
    });

    it('when the arguments pass their schemas, the resolver gets the parsed values', async () => {
      store.page.returns(['a', 'b']);
      const res = await postGraphql(served.url, '{ notes(size: 2) }');
      expect(res.body).to.deep.equal({ data: { notes: ['a', 'b'] } });
      expect(store.page.calledOnceWithExactly(1, 2)).to.equal(true);
    });

    it('when an input object passes its schema, the resolver gets it (dates as Date)', async () => {
      store.create.returns({ id: 5, title: 'Hello' });
      const res = await postGraphql(served.url, CREATE, {
        variables: { input: { title: 'Hello', remindAt: '2030-01-01T00:00:00.000Z' } },
      });
      expect(res.body).to.deep.equal({ data: { createNote: { id: 5, title: 'Hello' } } });
      const [note] = store.create.firstCall.args;
      expect(note.remindAt).to.be.instanceOf(Date);
      expect(note.remindAt.toISOString()).to.equal('2030-01-01T00:00:00.000Z');
    });

    it('takes an explicit null for an optional argument as not given (its default applies)', async () => {
      store.page.returns([]);
      const res = await postGraphql(
        served.url,
        'query ($page: Int, $size: Int) { notes(page: $page, size: $size) }',
        {
          variables: { page: null, size: null },
        },
      );
      expect(res.body).to.deep.equal({ data: { notes: [] } });
      expect(store.page.calledOnceWithExactly(1, 10)).to.equal(true);
    });

    it('takes an explicit null for an optional input field as not given', async () => {
      store.create.returns({ id: 6, title: 'Nulls' });
      const res = await postGraphql(served.url, CREATE, {
        variables: { input: { title: 'Nulls', body: null, remindAt: null } },
      });
      expect(res.body).to.deep.equal({ data: { createNote: { id: 6, title: 'Nulls' } } });
      expect(store.create.firstCall.args[0]).to.deep.equal({ title: 'Nulls' });
    });

    it('when an argument fails its schema, it answers BAD_USER_INPUT with every detail and never calls the resolver', async () => {
      const res = await postGraphql(served.url, CREATE, {
        variables: { input: { title: 'Hi', body: 'x'.repeat(21), remindAt: '1999-12-31T00:00:00.000Z' } },
      });
      expect(res.status).to.equal(200);
      expect(res.body.data).to.equal(null);
      const [error] = res.body.errors!;
      expect(error.message).to.equal('Validation failed');
      expect(error.path).to.deep.equal(['createNote']);
      expect(error.extensions.code).to.equal('BAD_USER_INPUT');
      expect(error.extensions.details!.map((detail) => [detail.path, detail.code])).to.deep.equal([
        ['input.title', 'too_small'],
        ['input.body', 'too_big'],
        ['input.remindAt', 'too_small'],
      ]);
      expect(store.create.called).to.equal(false);
    });

    it('when several arguments fail, one error lists them all', async () => {
      const res = await postGraphql(served.url, '{ notes(page: 0, size: 51) }');
      const [error] = res.body.errors!;
      expect(error.extensions.code).to.equal('BAD_USER_INPUT');
      expect(error.extensions.details!.map((detail) => detail.path)).to.have.members(['page', 'size']);
      expect(store.page.called).to.equal(false);
    });

    it('when a variable has the wrong GraphQL type, it answers 400 BAD_USER_INPUT before any resolver runs', async () => {
      const res = await postGraphql(served.url, CREATE, { variables: { input: { title: 42 } } });
      expect(res.status).to.equal(400);
      expect(res.body.errors![0].extensions.code).to.equal('BAD_USER_INPUT');
      expect(store.create.called).to.equal(false);
    });

    it('when a date argument is not an ISO string, it answers 400 BAD_USER_INPUT', async () => {
      const res = await postGraphql(served.url, CREATE, {
        variables: { input: { title: 'Hello', remindAt: 'next tuesday' } },
      });
      expect(res.status).to.equal(400);
      expect(res.body.errors![0].extensions.code).to.equal('BAD_USER_INPUT');
      expect(res.body.errors![0].message).to.include('ISO 8601');
      expect(store.create.called).to.equal(false);
    });
  });
});
