import { expect } from 'chai';
import {
  buildClientSchema,
  type GraphQLNamedType,
  getIntrospectionQuery,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isIntrospectionType,
  isObjectType,
  isSpecifiedScalarType,
} from 'graphql';
import { postGraphql } from '../../src/graphql/graphql-client';
import { startSample } from '../support/sample-server';

// Every type, field and argument the sample defines (not GraphQL's own) that has no description.
function undescribed(types: readonly GraphQLNamedType[]): string[] {
  const missing: string[] = [];
  for (const type of types) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    if (!type.description?.trim()) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description?.trim()) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : [])
          if (!arg.description?.trim()) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
    if (isEnumType(type) && type.getValues().length === 0) missing.push(`${type.name} has no values`);
  }
  return missing;
}

describe('sample GraphQL schema', () => {
  it('describes every type, field and argument it defines, as introspection shows them', async () => {
    const sample = await startSample('express');
    try {
      const { body } = await postGraphql(sample.url, getIntrospectionQuery());
      const schema = buildClientSchema(body.data as never);
      const types = Object.values(schema.getTypeMap());
      expect(types.filter((type) => !isIntrospectionType(type) && !isSpecifiedScalarType(type))).not.to.be
        .empty;
      expect(undescribed(types)).to.deep.equal([]);
    } finally {
      await sample.close();
    }
  });
});
