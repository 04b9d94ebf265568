import type { GraphQLError as GraphQLErrorType } from 'graphql/error';
import type { Kind as KindType } from 'graphql/language';
import type { GraphQLScalarType } from 'graphql/type';

function toDate(value: unknown, GraphQLError: typeof GraphQLErrorType): Date {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime()))
    throw new GraphQLError('DateTime must be an ISO 8601 date-time string');
  return date;
}

function dateTimeScalar(): GraphQLScalarType<Date, string> {
  const { GraphQLError } = require('graphql/error') as { GraphQLError: typeof GraphQLErrorType };
  const { Kind } = require('graphql/language') as { Kind: typeof KindType };
  const { GraphQLScalarType } = require('graphql/type') as typeof import('graphql/type');
  const parse = (value: unknown) => toDate(value, GraphQLError);
  return new GraphQLScalarType<Date, string>({
    name: 'DateTime',
    description: 'An ISO 8601 date-time string, e.g. 2024-05-01T12:00:00.000Z',
    serialize(value) {
      if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
      return parse(value).toISOString();
    },
    parseValue: parse,
    parseLiteral(ast) {
      if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be an ISO 8601 date-time string');
      return parse(ast.value);
    },
  });
}

/** The GraphQL type of `z.date()`: sent as an ISO 8601 string, received as a `Date`. */
export declare const DateTimeScalar: GraphQLScalarType<Date, string>;
let made: GraphQLScalarType<Date, string> | undefined;
// Made on first read, so that graphql-js is loaded by an application that uses GraphQL only: a
// getter on the module's exports, which `export const` cannot declare.
Object.defineProperty(exports, 'DateTimeScalar', {
  enumerable: true,
  get: () => (made ??= dateTimeScalar()),
});
