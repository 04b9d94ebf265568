import { expect } from 'chai';
import { z } from 'zod';
import { Auth } from '../../../modules/auth';
import { Arg, type Class, createApp, Mutation, Query, Resolver } from '../../../src';
import type { EngineName } from '../../../src/engine/engine';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';

async function readyError(engine: EngineName, ...resolvers: Class[]): Promise<Error> {
  const app = createApp({ engine, resolvers });
  try {
    await app.ready();
  } catch (err) {
    return err as Error;
  } finally {
    await app.close();
  }
  throw new Error('ready() resolved');
}

@Resolver()
class ArgWithoutSchema {
  @Query(z.string())
  hello(@Arg('name', undefined as never) name: string) {
    return name;
  }
}

@Resolver()
class QueryWithoutReturns {
  @Query()
  hello() {
    return 'hi';
  }
}

@Resolver()
class RecordResult {
  @Query(z.object({ counts: z.record(z.string(), z.number()) }))
  stats() {
    return { counts: {} };
  }
}

@Resolver()
class UnionArgument {
  @Query(z.string())
  find(@Arg('key', z.union([z.string(), z.number()])) key: string | number) {
    return String(key);
  }
}

@Resolver()
class SetArgument {
  @Query(z.array(z.string()))
  tags(@Arg('tags', z.set(z.string())) tags: Set<string>) {
    return [...tags];
  }
}

@Resolver()
class ArgOnPlainMethod {
  @Query(z.string())
  hello() {
    return 'hi';
  }

  helper(@Arg('name', z.string()) name: string) {
    return name;
  }
}

@Resolver()
class FirstHello {
  @Query(z.string())
  hello() {
    return 'first';
  }
}

@Resolver()
class SecondHello {
  @Query(z.string())
  hello() {
    return 'second';
  }
}

@Resolver()
class SameIdTwice {
  @Query(z.object({ id: z.string() }).meta({ id: 'Thing' }))
  one() {
    return { id: '1' };
  }

  @Query(z.object({ name: z.string() }).meta({ id: 'Thing' }))
  two() {
    return { name: 'two' };
  }
}

@Resolver()
class InvalidEnumValue {
  @Query(z.enum(['in-progress', 'done']))
  state() {
    return 'done';
  }
}

@Resolver()
class OnlyMutations {
  @Mutation(z.boolean())
  ping() {
    return true;
  }
}

@Resolver()
class GuardWithoutModule {
  @Auth()
  @Query(z.string())
  secret() {
    return 'secret';
  }
}

describe('GraphQL schema errors at ready()', () => {
  forEachEngine((engine) => {
    it('when an @Arg has no schema, ready() rejects naming the class and method', async () => {
      const err = await readyError(engine, ArgWithoutSchema);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_ARG_SCHEMA');
      expect(err.message).to.equal("ArgWithoutSchema.hello: @Arg('name') needs a zod schema");
    });

    it('when a @Query has no return schema, ready() rejects naming the class and method', async () => {
      const err = await readyError(engine, QueryWithoutReturns);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_RETURNS_SCHEMA');
      expect(err.message).to.equal(
        'QueryWithoutReturns.hello: @Query() needs the zod schema of what it returns',
      );
    });

    it('when a result holds a schema with no GraphQL type, ready() rejects with its path', async () => {
      const err = await readyError(engine, RecordResult);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_NO_TYPE');
      expect(err.message).to.equal(
        'RecordResult.stats: returns.counts: a zod record has no GraphQL output type',
      );
    });

    it('when an argument is a union, ready() rejects naming the argument', async () => {
      const err = await readyError(engine, UnionArgument);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_NO_TYPE');
      expect(err.message).to.equal("UnionArgument.find: @Arg('key'): a zod union has no GraphQL input type");
    });

    it('when an argument is a set, ready() rejects (a list received is no Set)', async () => {
      const err = await readyError(engine, SetArgument);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_NO_TYPE');
      expect(err.message).to.equal("SetArgument.tags: @Arg('tags'): a zod set has no GraphQL input type");
    });

    it('when a method with @Arg is neither a query nor a mutation, ready() rejects naming it', async () => {
      const err = await readyError(engine, ArgOnPlainMethod);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_ARG_OUTSIDE_OPERATION');
      expect(err.message).to.equal(
        'ArgOnPlainMethod.helper has @Arg() or @Parent() parameters but declares no GraphQL field',
      );
    });

    it('when two resolvers declare the same field, ready() rejects naming both', async () => {
      const err = await readyError(engine, FirstHello, SecondHello);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_DUPLICATE_FIELD');
      expect(err.message).to.equal(
        'Query.hello is declared twice: by FirstHello.hello and by SecondHello.hello',
      );
    });

    it('when two different schemas share a meta id, ready() rejects', async () => {
      const err = await readyError(engine, SameIdTwice);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_TYPE_NAME_TAKEN');
      expect(err.message).to.match(/^SameIdTwice\.two: .*'Thing'/);
    });

    it('when an enum value is not a GraphQL name, ready() rejects naming the method', async () => {
      const err = await readyError(engine, InvalidEnumValue);
      expect(err.message).to.match(/^InvalidEnumValue\.state: .*in-progress/);
    });

    it('when there are mutations but no query, ready() rejects', async () => {
      const err = await readyError(engine, OnlyMutations);
      expectCode(err, 'TRELLIS_ERR_GRAPHQL_NO_QUERY');
    });

    it('when a guard needs a module that is not installed, ready() rejects naming the method', async () => {
      const err = await readyError(engine, GuardWithoutModule);
      expectCode(err, 'TRELLIS_ERR_MODULE_NOT_INSTALLED');
      expect(err.message).to.equal(
        "Auth() on GuardWithoutModule.secret needs the 'auth' module: app.install('auth', ...)",
      );
    });

    it('when the path does not start with a slash, ready() rejects', async () => {
      const app = createApp({ engine, resolvers: [FirstHello], graphql: { path: 'graphql' } });
      const err = await app.ready().then(
        () => new Error('ready() resolved'),
        (reason: Error) => reason,
      );
      await app.close();
      expect(expectCode(err, 'TRELLIS_ERR_INVALID_OPTION').message).to.match(/^options\.graphql\.path: /);
    });
  });
});
