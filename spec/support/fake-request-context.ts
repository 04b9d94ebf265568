import type { RequestContext } from '../../src/http/request-context';

/** An HTTP request's context with nothing in it but what `parts` gives: for specs below the engines. */
export function fakeRequestContext(parts: Partial<RequestContext> = {}): RequestContext {
  return {
    transport: 'http',
    req: {},
    res: {},
    method: 'GET',
    headers: {},
    params: {},
    query: {},
    cookies: {},
    body: undefined,
    ...parts,
  };
}
