// Kept for compile-route.ts, compiled-route.ts and route-extension.ts, rewritten elsewhere at the
// moment: every other file imports RequestContext from src/http/request-context.ts.
export type { RequestContext } from '../http/request-context';
