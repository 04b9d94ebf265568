import type { ZodType } from 'zod';
import { type ContractRoute, zodSchema } from '../contract';
import { HTTP_STATUS, type MethodMetadata, type ParamMetadata, reasonPhrase } from '../kernel';
import { isRateLimiter } from '../rate-limit';
import { CONTRACT_ROUTE, type CompiledRoute, MEDIA_ANSWER, RETURNS } from '../routing';
import type { JsonSchema, OperationObject, RequestBodyObject, ResponseObject } from './document-types';
import type { ErrorResponses } from './error-responses';
import { declaredHeaders, standardHeaders } from './response-headers';
import { routeParameters } from './route-parameters';
import { BEARER_AUTH, routeSecurity } from './route-security';
import type { SchemaComponents } from './schema-components';
import { successResponses } from './success-responses';

/** What an operation needs besides its route. */
export interface OperationSite {
  operationId: string;
  tag: string;
  /** The path parameters, in the order the path names them. */
  pathParams: readonly string[];
  /** Whether a `rateLimit()` mounted with `app.use` covers the path. */
  rateLimited: boolean;
  components: SchemaComponents;
  errors: ErrorResponses;
}

// A body read without a schema, or an answer no `Returns` describes: any JSON.
const ANY_JSON = { 'application/json': { schema: {} } };

const VALIDATED_KINDS = new Set<ParamMetadata['kind']>(['body', 'query', 'param', 'header', 'cookie']);
const S = HTTP_STATUS;

const UPLOAD_KINDS = new Set<ParamMetadata['kind']>(['file', 'files', 'fields']);
const BINARY = { type: 'string', contentMediaType: 'application/octet-stream' };

// A multipart body: each file field as binary (an array for `UploadedFiles`), beside the text
// fields that `FormFields` validates.
function multipartBody(params: readonly ParamMetadata[], site: OperationSite): RequestBodyObject {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  let fields: JsonSchema | undefined;
  for (const param of params) {
    if (param.kind === 'file' && param.name !== undefined) {
      properties[param.name] = BINARY;
      required.push(param.name);
    } else if (param.kind === 'files') properties[param.name ?? '*'] = { type: 'array', items: BINARY };
    else if (param.kind === 'fields' && param.schema)
      fields = site.components.convert(param.schema, `${site.operationId}_fields`);
  }
  const files = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  const schema = fields ? { allOf: [fields, files] } : files;
  return { required: true, content: { 'multipart/form-data': { schema } } };
}

function requestBody(params: readonly ParamMetadata[], site: OperationSite): RequestBodyObject | undefined {
  if (params.some((param) => UPLOAD_KINDS.has(param.kind))) return multipartBody(params, site);
  const body = params.find((param) => param.kind === 'body');
  if (!body) return undefined;
  const schema = 'schema' in body ? (body.schema as ZodType | undefined) : undefined;
  if (!schema) return { required: false, content: ANY_JSON };
  return {
    required: !schema.isOptional(),
    content: { 'application/json': { schema: site.components.convert(schema, `${site.operationId}_body`) } },
  };
}

function usesRateLimiter(handler: MethodMetadata): boolean {
  return handler.params.some((param) => param.kind === 'depends' && isRateLimiter(param.provider));
}

/** Every error status the route may answer with: what Trellis knows, and what `Throws` declares. */
function errorStatuses(route: CompiledRoute, guarded: readonly number[], site: OperationSite): number[] {
  const statuses = new Set<number>(guarded);
  const uploads = route.handler.params.some((param) => UPLOAD_KINDS.has(param.kind));
  if (uploads)
    for (const status of [S.PAYLOAD_TOO_LARGE, S.UNSUPPORTED_MEDIA_TYPE, S.UNPROCESSABLE_ENTITY])
      statuses.add(status);
  if (route.readsBody)
    for (const status of [S.BAD_REQUEST, S.PAYLOAD_TOO_LARGE, S.UNSUPPORTED_MEDIA_TYPE]) statuses.add(status);
  if (
    route.handler.params.some((param) => VALIDATED_KINDS.has(param.kind) && 'schema' in param && param.schema)
  )
    statuses.add(S.UNPROCESSABLE_ENTITY);
  if (site.pathParams.length > 0) statuses.add(S.NOT_FOUND);
  if (site.rateLimited || usesRateLimiter(route.handler)) statuses.add(S.TOO_MANY_REQUESTS);
  for (const interceptor of route.handler.interceptors ?? [])
    for (const status of interceptor.documents?.statuses ?? []) statuses.add(status);
  for (const declared of route.errors) statuses.add(declared.status);
  statuses.add(S.INTERNAL_SERVER_ERROR);
  return [...statuses].sort((a, b) => a - b);
}

function successResponse(route: CompiledRoute, site: OperationSite): ResponseObject {
  const returns = route.handler.get(RETURNS);
  const description = returns?.description ?? reasonPhrase(route.status);
  const media = route.handler.get(MEDIA_ANSWER);
  if (media)
    return {
      description: media.description ?? description,
      content: { [media.mediaType]: { schema: media.schema as JsonSchema } },
    };
  if (!returns) return { description, content: ANY_JSON };
  const schema = site.components.convert(returns.schema, `${site.operationId}_response`, 'output');
  return { description, content: { 'application/json': { schema } } };
}

// A contract route documents each answer with its own schema, errors included, and its headers:
// those Trellis sends with that status, then those the route declares.
function contractResponses(route: ContractRoute, site: OperationSite): Record<string, ResponseObject> {
  const responses: Record<string, ResponseObject> = {};
  for (const [status, schema] of Object.entries(route.responses)) {
    const declared = route.responseHeaders?.[Number(status)];
    const headers = {
      ...standardHeaders(Number(status)),
      ...(declared && declaredHeaders(declared, site.components, `${site.operationId}_${status}_headers`)),
    };
    const description = reasonPhrase(Number(status));
    const described = Object.keys(headers).length > 0 ? { description, headers } : { description };
    responses[status] = schema
      ? {
          ...described,
          content: {
            'application/json': {
              schema: site.components.convert(zodSchema(schema), `${site.operationId}_${status}`, 'output'),
            },
          },
        }
      : described;
  }
  return responses;
}

function sortedByStatus(responses: Record<string, ResponseObject>): Record<string, ResponseObject> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
}

// `Summary` is the short form and `Description` the long one; each stands in for the other,
// and a route with neither is named after its method (`listOrders` -> 'List orders').
function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The OpenAPI operation of one compiled route. */
export function routeOperation(route: CompiledRoute, site: OperationSite): OperationObject {
  const { handler } = route;
  const security = routeSecurity(route.guards);
  const summary = handler.summary ?? handler.description?.split(/(?<=\.)\s/)[0] ?? words(handler.name);
  const operation: OperationObject = {
    operationId: site.operationId,
    tags: [site.tag],
    summary,
    responses: {},
  };
  operation.description = [handler.description ?? summary, ...security.notes].join('\n\n');
  const parameters = routeParameters(handler.params, site.pathParams, site.components, site.operationId);
  // The headers its interceptors read (`Idempotent()`'s Idempotency-Key), unless already declared.
  for (const interceptor of handler.interceptors ?? [])
    for (const header of interceptor.documents?.headers ?? [])
      if (
        !parameters.some(
          (param) => param.in === 'header' && param.name.toLowerCase() === header.name.toLowerCase(),
        )
      )
        parameters.push({
          name: header.name,
          in: 'header',
          required: false,
          description: header.description,
          schema: header.schema,
        });
  if (parameters.length > 0) operation.parameters = parameters;
  const body = requestBody(handler.params, site);
  if (body) operation.requestBody = body;
  // `[]`: no credentials needed (a document-wide default could otherwise apply).
  operation.security = security.bearer ? [{ [BEARER_AUTH]: [] }] : [];
  const responses = successResponses(route, successResponse(route, site));
  // A contract's own answers stand; the shared error responses fill in only what it leaves out.
  const contract = handler.get(CONTRACT_ROUTE);
  const declared = contract ? contractResponses(contract, site) : {};
  const errorSchema = route.errorBody?.options?.schema;
  for (const status of errorStatuses(route, security.responses, site))
    if (!(String(status) in declared)) responses[String(status)] = site.errors.ref(status, errorSchema);
  Object.assign(responses, declared);
  operation.responses = sortedByStatus(responses);
  return operation;
}
