import type { RequestContext } from '../http/request-context';
import type { Reader as CallReader, ReaderTable as CallReaderTable, ParamMetadata } from '../kernel';
import { requestIdOf } from '../observability/request-state';

function byName(field: 'params' | 'headers' | 'cookies', source: string, text: string) {
  return (param: ParamMetadata) => {
    const name = 'name' in param ? param.name : undefined;
    if (name === undefined) return { read: (ctx: RequestContext) => ctx[field], source, text };
    // Node lower-cases header names; the decorator may not.
    const key = field === 'headers' ? name.toLowerCase() : name;
    return {
      read: (ctx: RequestContext) => (ctx[field] as Record<string, unknown>)[key],
      source: `${source}.${key}`,
      text,
    };
  };
}

/** Reads one raw parameter value from a request; chosen once per parameter at `ready()`. */
export type Reader = CallReader<RequestContext>;

/** How to read each parameter kind from a request, and under which name validation failures are reported. */
export type ReaderTable = CallReaderTable<RequestContext>;

/** The readers of HTTP routes: body, query, path, headers, cookies and native objects (the kernel reads variables, the caller among them). */
export const HTTP_READERS: ReaderTable = {
  body: () => ({ read: (ctx) => ctx.body, source: 'body' }),
  query: () => ({ read: (ctx) => ctx.query, source: 'query', text: 'Query' }),
  param: byName('params', 'params', 'Param'),
  header: byName('headers', 'headers', 'Header'),
  cookie: byName('cookies', 'cookies', 'Cookie'),
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
