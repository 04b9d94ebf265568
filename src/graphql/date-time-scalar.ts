import { GraphQLError } from 'graphql/error';
import { Kind } from 'graphql/language';
import { GraphQLScalarType } from 'graphql/type';

function toDate(value: unknown): Date {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime()))
    throw new GraphQLError('DateTime must be an ISO 8601 date-time string');
  return date;
}

/** The GraphQL type of `z.date()`: sent as an ISO 8601 string, received as a `Date`. */
export const DateTimeScalar = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  description: 'An ISO 8601 date-time string, e.g. 2024-05-01T12:00:00.000Z',
  serialize(value) {
    if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString();
    return toDate(value).toISOString();
  },
  parseValue: toDate,
  parseLiteral(ast) {
    if (ast.kind !== Kind.STRING) throw new GraphQLError('DateTime must be an ISO 8601 date-time string');
    return toDate(ast.value);
  },
});
