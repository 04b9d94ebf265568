export { buildOpenApiDocument } from './build-document';
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
export { DEFAULT_OPENAPI, DOCS_PATH, OPENAPI_PATH, openapiModule } from './openapi-module';
export { type NamedSecurityScheme, SECURITY_SCHEMES } from './security-schemes';
