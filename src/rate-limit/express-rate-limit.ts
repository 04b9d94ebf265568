import type * as ExpressRateLimit from 'express-rate-limit';

let loaded: typeof ExpressRateLimit | undefined;

/**
 * express-rate-limit, loaded by the first request a limiter counts: with the ip-address package
 * it builds tables from at load, it is a few hundredths of a second of start-up otherwise.
 */
export function expressRateLimit(): typeof ExpressRateLimit {
  loaded ??= require('express-rate-limit') as typeof ExpressRateLimit;
  return loaded;
}
