import { expect } from 'chai';
import { GraphqlFieldContext } from '../../../src/graphql/field-context';
import type { RequestContext } from '../../../src/http/request-context';
import { variableOf } from '../../../src/kernel';
import { fakeRequestContext } from '../../support/fake-request-context';

function operation(parts: Partial<RequestContext> = {}): RequestContext {
  return fakeRequestContext({ method: 'POST', headers: { authorization: 'Bearer t' }, ...parts });
}

const caller = { id: 7, username: 'ada', role: 'admin', permissions: [] };

describe('GraphqlFieldContext: one resolver call over its operation', () => {
  it("reads the variables its operation carries (a subscription's caller) through outer", () => {
    const field = new GraphqlFieldContext(operation({ user: caller }), {});
    expect(field.transport).to.equal('graphql');
    expect(variableOf(field, 'user')).to.equal(caller);
    expect(variableOf(new GraphqlFieldContext(operation(), {}), 'user')).to.equal(undefined);
  });

  it("keeps what the field's own guards set to itself, over the operation's", () => {
    const op = operation({ user: caller });
    const field = new GraphqlFieldContext(op, {});
    const other = { ...caller, id: 8 };
    (field as { user?: unknown }).user = other;
    expect(variableOf(field, 'user')).to.equal(other);
    expect(op.user).to.equal(caller);
  });

  it("shares the operation's headers and request scope, so fields of one operation share instances", () => {
    const op = operation();
    const field = new GraphqlFieldContext(op, { id: '1' });
    expect(field.headers).to.equal(op.headers);
    const scope = { getOrCreate: () => undefined } as never;
    field.scope = scope;
    expect(op.scope).to.equal(scope);
    expect(new GraphqlFieldContext(op, {}).scope).to.equal(scope);
  });
});
