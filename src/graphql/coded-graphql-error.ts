import { GraphQLError } from 'graphql';

/**
 * The error with `extensions.code` set as Apollo Server sets it over HTTP
 * (GRAPHQL_PARSE_FAILED, GRAPHQL_VALIDATION_FAILED), so graphql-ws clients read the same code.
 */
export function coded(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions.code) return error;
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...error.extensions, code },
  });
}
