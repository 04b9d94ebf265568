import { routingError } from './routing-errors';

// Literal segments only: the prefix is glued in front of every route, so a parameter or a
// wildcard in it would be read by no handler.
const SEGMENT = /^[\w.~-]+$/;

/** Refuses a `prefix` option that is not a literal path: a leading '/', no trailing '/', no ':' or '*'. */
export function checkRoutePrefix(prefix: string): void {
  if (!prefix.startsWith('/'))
    throw routingError('TRELLIS_ERR_BAD_ROUTE_PREFIX', prefix, "must start with '/'");
  if (prefix.endsWith('/'))
    throw routingError('TRELLIS_ERR_BAD_ROUTE_PREFIX', prefix, "must not end with '/'");
  for (const segment of prefix.slice(1).split('/')) {
    if (segment === '') throw routingError('TRELLIS_ERR_BAD_ROUTE_PREFIX', prefix, 'has an empty segment');
    if (!SEGMENT.test(segment))
      throw routingError(
        'TRELLIS_ERR_BAD_ROUTE_PREFIX',
        prefix,
        `has the segment '${segment}': only letters, digits and . _ ~ - (no ':' parameter, no '*' wildcard)`,
      );
  }
}
