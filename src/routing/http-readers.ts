import type { ParamMetadata } from '../kernel/metadata/types';
import { requestIdOf } from '../observability/request-state';
import type { RequestContext } from './request-context';

/** Reads one raw parameter value from a request; chosen once per parameter at `ready()`. */
export type Reader = (ctx: RequestContext) => unknown;

/** How to read each parameter kind, and under which name validation failures are reported. */
export type ReaderTable = Partial<
  Record<ParamMetadata['kind'], (param: ParamMetadata) => { read: Reader; source: string }>
>;

function byName(field: 'params' | 'headers' | 'cookies', source: string) {
  return (param: ParamMetadata) => {
    const name = 'name' in param ? param.name : undefined;
    if (name === undefined) return { read: (ctx: RequestContext) => ctx[field], source };
    // Node lower-cases header names; the decorator may not.
    const key = field === 'headers' ? name.toLowerCase() : name;
    return {
      read: (ctx: RequestContext) => (ctx[field] as Record<string, unknown>)[key],
      source: `${source}.${key}`,
    };
  };
}

/** The readers of HTTP routes: body, query, path, headers, cookies, caller and native objects. */
export const HTTP_READERS: ReaderTable = {
  body: () => ({ read: (ctx) => ctx.body, source: 'body' }),
  query: () => ({ read: (ctx) => ctx.query, source: 'query' }),
  param: byName('params', 'params'),
  header: byName('headers', 'headers'),
  cookie: byName('cookies', 'cookies'),
  user: () => ({ read: (ctx) => ctx.user, source: 'user' }),
  req: () => ({ read: (ctx) => ctx.req, source: 'req' }),
  res: () => ({ read: (ctx) => ctx.res, source: 'res' }),
  requestId: () => ({ read: requestIdOf, source: 'requestId' }),
  responseHeaders: () => ({
    read: (ctx) => {
      ctx.responseHeaders ??= {};
      return ctx.responseHeaders;
    },
    source: 'responseHeaders',
  }),
};
