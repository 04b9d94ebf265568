import { expect } from 'chai';
import { z } from 'zod';
import { Auth } from '../../../modules/auth';
import { MinimumRole } from '../../../modules/rbac';
import {
  Arg,
  createApp,
  Depends,
  Injectable,
  Parent,
  Query,
  ResolveField,
  Resolver,
  Subscription,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';
import { specAuthModule } from './spec-auth-module';

const Author = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'Author' });
const Book = z
  .object({ id: z.number().int(), title: z.string(), authorId: z.number().int(), author: z.string() })
  .meta({ id: 'Book' });
type BookRow = z.infer<typeof Book>;

const BOOKS: BookRow[] = [
  { id: 1, title: 'Dune', authorId: 10, author: 'stale' },
  { id: 2, title: 'Emma', authorId: 20, author: 'stale' },
  { id: 3, title: 'Persuasion', authorId: 20, author: 'stale' },
];
const AUTHORS = new Map([
  [10, { id: 10, name: 'Frank Herbert' }],
  [20, { id: 20, name: 'Jane Austen' }],
]);

/** Counts how many instances one operation creates: request-scoped, so one. */
@Injectable('request')
class AuthorLookup {
  static created = 0;
  readonly asked: number[] = [];
  constructor() {
    AuthorLookup.created++;
  }
  find(id: number) {
    this.asked.push(id);
    return AUTHORS.get(id)!;
  }
}

@Resolver()
class BooksResolver {
  @Query(z.array(Book))
  books() {
    return BOOKS;
  }
}

@Resolver()
class BookFields {
  @ResolveField(Book, Author)
  author(@Parent() book: BookRow, @Depends(AuthorLookup) authors: AuthorLookup) {
    return authors.find(book.authorId);
  }

  @ResolveField(Book, z.string())
  shout(@Parent() book: BookRow, @Arg('times', z.number().int().min(1).max(3)) times: number) {
    return `${book.title.toUpperCase()}${'!'.repeat(times)}`;
  }

  @ResolveField(Book, z.string().nullable())
  @Auth()
  @MinimumRole('admin')
  secret(@Parent() book: BookRow) {
    return `secret of ${book.title}`;
  }
}

describe('GraphQL ResolveField', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      const app = createApp({ engine, resolvers: [BooksResolver, BookFields] }).install(
        specAuthModule,
        undefined,
      );
      served = await serve(app);
    });
    after(() => served.close());

    it('adds a field to the parent type, resolved with the parent object; it replaces a shape field', async () => {
      const res = await postGraphql(served.url, '{ books { title author { name } } }');
      expect(res.body.data?.books).to.deep.equal([
        { title: 'Dune', author: { name: 'Frank Herbert' } },
        { title: 'Emma', author: { name: 'Jane Austen' } },
        { title: 'Persuasion', author: { name: 'Jane Austen' } },
      ]);
    });

    it('shares one request-scoped instance between the rows of one operation', async () => {
      AuthorLookup.created = 0;
      await postGraphql(served.url, '{ books { author { id } } }');
      expect(AuthorLookup.created).to.equal(1);
      await postGraphql(served.url, '{ books { author { id } } }');
      expect(AuthorLookup.created).to.equal(2);
    });

    it('validates its arguments: a bad one gets BAD_USER_INPUT', async () => {
      const ok = await postGraphql(served.url, '{ books { shout(times: 2) } }');
      expect(ok.body.data?.books[0]).to.deep.equal({ shout: 'DUNE!!' });
      const bad = await postGraphql(served.url, '{ books { shout(times: 9) } }');
      expect(bad.body.errors?.[0].extensions.code).to.equal('BAD_USER_INPUT');
    });

    it('runs its guards per field: a refused field is null with an error, the rest arrives', async () => {
      const anonymous = await postGraphql(served.url, '{ books { title secret } }');
      expect(anonymous.body.data?.books[0]).to.deep.equal({ title: 'Dune', secret: null });
      expect(anonymous.body.errors?.[0].extensions.code).to.equal('UNAUTHENTICATED');
      const viewer = await postGraphql(served.url, '{ books { secret } }', {
        headers: { 'x-test-role': 'viewer' },
      });
      expect(viewer.body.errors?.[0].extensions.code).to.equal('FORBIDDEN');
      const admin = await postGraphql(served.url, '{ books { secret } }', {
        headers: { 'x-test-role': 'admin' },
      });
      expect(admin.body.errors).to.equal(undefined);
      expect(admin.body.data?.books[2]).to.deep.equal({ secret: 'secret of Persuasion' });
    });
  });

  describe('misconfiguration fails at ready()', () => {
    const failure = async (...resolvers: (new () => unknown)[]) => {
      const app = createApp({ resolvers }).install(specAuthModule, undefined);
      return app.ready().then(
        () => 'ready',
        // The code first, then the message: specs check both what failed and what it names.
        (err: Error & { code?: string }) => `${err.code} ${err.message}`,
      );
    };

    it('a parent schema no result uses', async () => {
      const Orphan = z.object({ id: z.number() });
      @Resolver()
      class OrphanFields {
        @ResolveField(Orphan, z.string())
        label() {
          return 'x';
        }
      }
      expect(await failure(BooksResolver, OrphanFields)).to.match(
        /^TRELLIS_ERR_GRAPHQL_UNUSED_RESOLVE_FIELD .*OrphanFields\.label/,
      );
    });

    it('a parent that is not an object schema', async () => {
      @Resolver()
      class ScalarFields {
        @ResolveField(z.string(), z.string())
        label() {
          return 'x';
        }
      }
      expect(await failure(BooksResolver, ScalarFields)).to.match(
        /^TRELLIS_ERR_GRAPHQL_PARENT_NOT_OBJECT ScalarFields\.label: /,
      );
    });

    it('the same field resolved twice', async () => {
      @Resolver()
      class Again {
        @ResolveField(Book, z.string())
        shout() {
          return 'x';
        }
      }
      expect(await failure(BooksResolver, BookFields, Again)).to.match(
        /^TRELLIS_ERR_GRAPHQL_DUPLICATE_RESOLVE_FIELD Again\.shout: .*'shout'/,
      );
    });

    it('Parent() on a query', async () => {
      @Resolver()
      class Misplaced {
        @Query(z.string())
        hello(@Parent() parent: unknown) {
          return String(parent);
        }
      }
      expect(await failure(Misplaced)).to.match(
        /^TRELLIS_ERR_GRAPHQL_PARENT_OUTSIDE_FIELD Misplaced\.hello: /,
      );
    });

    it('a Subscription without the schema of its events', async () => {
      @Resolver()
      class NoSchema {
        @Subscription(undefined as never)
        events() {
          return [];
        }
      }
      expect(await failure(BooksResolver, NoSchema)).to.match(
        /^TRELLIS_ERR_GRAPHQL_RETURNS_SCHEMA .*@Subscription\(\)/,
      );
    });
  });
});
