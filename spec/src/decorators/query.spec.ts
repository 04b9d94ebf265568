import { expect } from 'chai';
import { z } from 'zod';
import { Arg, Mutation, Query, Resolver } from '../../../src';
import { GRAPHQL_FIELD } from '../../../src/graphql/field-metadata';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';

const Book = z.object({ title: z.string() });

@Resolver()
class BooksResolver {
  @Query(z.array(Book))
  books() {
    return [];
  }

  @Mutation(Book)
  addBook(@Arg('title', z.string().min(1)) title: string) {
    return { title };
  }

  search(@Query(z.object({ q: z.string() })) query: unknown) {
    return query;
  }
}

describe('Query(), Resolver(), Mutation(), Arg()', () => {
  const meta = () => metadataRegistry.find(BooksResolver)!;

  it('Resolver() records the resolver role', () => {
    expect(meta().role).to.equal('resolver');
  });

  it('Query() on a method records a GraphQL query and its return schema', () => {
    const method = meta().methods.get('books')!;
    expect(method.get(GRAPHQL_FIELD)?.operation).to.equal('query');
    expect(method.get(GRAPHQL_FIELD)?.returns).to.be.an('object');
    expect(method.params).to.deep.equal([]);
  });

  it('Query() on a parameter records a query-string parameter, not a GraphQL field', () => {
    const method = meta().methods.get('search')!;
    expect(method.get(GRAPHQL_FIELD)).to.equal(undefined);
    expect(method.params).to.have.length(1);
    expect(method.params[0]).to.include({ index: 0, kind: 'query' });
  });

  it('Mutation() records a GraphQL mutation and Arg() its named, validated argument', () => {
    const method = meta().methods.get('addBook')!;
    expect(method.get(GRAPHQL_FIELD)?.operation).to.equal('mutation');
    expect(method.params[0]).to.include({ index: 0, kind: 'arg', name: 'title' });
    expect(method.params[0]).to.have.property('schema').that.is.an('object');
  });
});
