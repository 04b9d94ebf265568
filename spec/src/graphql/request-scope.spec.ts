import { expect } from 'chai';
import { z } from 'zod';
import { createApp, Depends, Injectable, Query, Resolver } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';

let created = 0;
const disposed: number[] = [];

@Injectable('request')
class OperationLog {
  readonly id = ++created;

  dispose(): void {
    disposed.push(this.id);
  }
}

@Resolver()
class ScopeResolver {
  @Query(z.number())
  first(@Depends(OperationLog) log: OperationLog) {
    return log.id;
  }

  @Query(z.number())
  second(@Depends(OperationLog) log: OperationLog) {
    return log.id;
  }

  @Query(z.number())
  stateless() {
    return 0;
  }
}

let resolversCreated = 0;

@Injectable('request')
@Resolver()
class PerOperationResolver {
  readonly id = ++resolversCreated;

  @Query(z.number())
  left() {
    return this.id;
  }

  @Query(z.number())
  right() {
    return this.id;
  }
}

async function until(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 50 && !condition(); attempt++) await new Promise((r) => setTimeout(r, 10));
}

describe('GraphQL request scope', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, resolvers: [ScopeResolver, PerOperationResolver] }));
    });
    after(() => served.close());

    it('when two fields of one operation depend on a request-scoped class, they share one instance', async () => {
      const res = await postGraphql(served.url, '{ first second }');
      expect(res.body.data!.first).to.be.a('number');
      expect(res.body.data!.first).to.equal(res.body.data!.second);
    });

    it('when two operations depend on it, each gets its own instance', async () => {
      const one = await postGraphql(served.url, '{ first }');
      const two = await postGraphql(served.url, '{ second }');
      expect(one.body.data!.first).to.not.equal(two.body.data!.second);
    });

    it('when the response is sent, the operation’s instances are disposed', async () => {
      const res = await postGraphql(served.url, '{ first second }');
      const id = res.body.data!.first as number;
      await until(() => disposed.includes(id));
      expect(disposed.filter((value) => value === id)).to.have.length(1);
    });

    it('when the resolver class itself is request-scoped, one operation uses one instance, the next another', async () => {
      const one = await postGraphql(served.url, '{ left right }');
      expect(one.body.data!.left).to.equal(one.body.data!.right);
      const two = await postGraphql(served.url, '{ left }');
      expect(two.body.data!.left).to.not.equal(one.body.data!.left);
    });

    it('when an operation does not need it, no instance is created', async () => {
      const before = created;
      await postGraphql(served.url, '{ stateless }');
      expect(created).to.equal(before);
    });
  });
});
