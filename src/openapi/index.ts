export { buildOpenApiDocument } from './build-document';
export { cachedReader } from './cached-reader';
export type {
  JsonSchema,
  OpenApiDocument,
  OperationObject,
  ParameterObject,
  PathItemObject,
  RequestBodyObject,
  ResponseObject,
  SecuritySchemeObject,
  TagObject,
} from './document-types';
export { OPENAPI_ERRORS } from './openapi-errors';
export { DEFAULT_OPENAPI, DOCS_PATH, OPENAPI_PATH, openapiModule } from './openapi-module';
export type { OpenApiOptions, OpenApiServer } from './openapi-options';
export { isRead, sendBody } from './raw-response';
export { type NamedSecurityScheme, SECURITY_SCHEMES } from './security-schemes';
