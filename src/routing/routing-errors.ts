import { errorFactory } from '../kernel';

/** HTTP routing's configuration errors: routes, paths, contracts, declared answers: code and message template, each documented in docs/errors.md. */
export const ROUTING_ERRORS = {
  TRELLIS_ERR_DUPLICATE_ROUTE: (method: string, path: string, route: string, first: string) =>
    `Duplicate route ${method} ${path}: ${route} and ${first}`,
  TRELLIS_ERR_UNSUPPORTED_ROUTE_PATH: (path: string) =>
    `Route path '${path}': optional segments and regular expressions are not supported`,
  TRELLIS_ERR_WILDCARD_NOT_LAST: (path: string) => `Route path '${path}': a wildcard must end the path`,
  TRELLIS_ERR_UNKNOWN_PATH_PARAM: (where: string, name: string, path: string) =>
    `${where}: Param('${name}') is not a parameter of the path '${path}'`,
  TRELLIS_ERR_CONTRACT_CONFLICT: (where: string, what: string) =>
    `${where} implements a contract route and also declares ${what}; the contract route says it already`,
  TRELLIS_ERR_CONTRACT_PREFIX: (where: string, prefix: string) =>
    `${where} implements a contract route, whose path is whole, in a controller with the prefix '${prefix}'`,
  TRELLIS_ERR_CONTRACT_FIELD: (where: string, decorator: string, part: string) =>
    `${where}: ${decorator} reads no field of the contract route's ${part}`,
  TRELLIS_ERR_CONTRACT_ERROR_BODY: (where: string, status: string) =>
    `${where}: its error answers have a custom body (errorBody, ErrorBody()), but its contract route declares the reference ErrorBodySchema for ${status}; declare the errorBody schema there`,
  TRELLIS_ERR_SUCCESS_STATUS_TWICE: (where: string) =>
    `${where}: the success status is set twice, by HttpCode and by Returns({ status }); keep one`,
  TRELLIS_ERR_RETURNS_SCHEMA: (where: string, problem: string) =>
    `${where}: the Returns schema cannot be compiled: ${problem}`,
  TRELLIS_ERR_BAD_ROUTE_PREFIX: (prefix: string, problem: string) =>
    `The prefix option '${prefix}' ${problem}: give a path such as '/api' or '/api/v2'`,
  TRELLIS_ERR_THROWS_NOT_HTTP_EXCEPTION: (where: string, name: string) =>
    `${where}: Throws(${name}) is no HTTPException constructible without arguments, so it has no status`,
};

/** Builds the `TrellisError` of one of these codes from its message template's arguments. */
export const routingError = errorFactory(ROUTING_ERRORS);
