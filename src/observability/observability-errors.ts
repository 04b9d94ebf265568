import { createError } from '../kernel';

/** `REQUEST_ID` resolved where there is no request. */
export const RequestIdOutsideRequestError = createError(
  'TRELLIS_ERR_REQUEST_ID_OUTSIDE_REQUEST',
  'REQUEST_ID was resolved outside a request: inject it into a request-scoped class or use RequestId()',
);
