import type { Middleware, RequestPolicy } from './engine';

/**
 * The request policy as one middleware, composed once for both engines (headers, then CORS), or
 * nothing when there is none: a request never tests which parts the app turned on.
 */
export function requestPolicyMiddleware(policy: RequestPolicy = {}): Middleware | undefined {
  const { headers, cors } = policy;
  if (headers && cors)
    return (req, res, next) => {
      headers(req, res);
      cors(req, res, next);
    };
  if (headers)
    return (req, res, next) => {
      headers(req, res);
      next();
    };
  return cors;
}
