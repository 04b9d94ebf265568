import { errorFactory } from '../kernel';

/** The OpenAPI document's configuration errors: code and message template, each documented in docs/errors.md. */
export const OPENAPI_ERRORS = {
  TRELLIS_ERR_DOCS_ROUTE_TAKEN: (where: string, method: string, path: string) =>
    `${where}: ${method} ${path} is where the OpenAPI docs are served; move the route or create the app with { openapi: false }`,
  TRELLIS_ERR_OPENAPI_SCHEMA_NAME_TAKEN: (name: string) =>
    `OpenAPI: two different schemas are named '${name}'; each shared schema needs its own meta id`,
};

/** Builds the `TrellisError` of one of these codes from its message template's arguments. */
export const openapiError = errorFactory(OPENAPI_ERRORS);
