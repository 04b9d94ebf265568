import type { RequestContext } from '../http/request-context';

import type { ReceivedForm } from './read-multipart';

// Where a request keeps its form between reading it and the handler's answer.
const FORM = Symbol('trellis.form');
type WithForm = RequestContext & { [FORM]?: ReceivedForm };

/** The multipart body of `ctx` once its route has read it (after the guards); otherwise undefined. */
export function receivedFormOf(ctx: RequestContext): ReceivedForm | undefined {
  return (ctx as WithForm)[FORM];
}

/** Keeps the multipart body read for `ctx`, for its parameters, its interceptors and its release. */
export function holdReceivedForm(ctx: RequestContext, form: ReceivedForm): void {
  (ctx as WithForm)[FORM] = form;
}
