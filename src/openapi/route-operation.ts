import type { ZodType } from 'zod';
import type { ParamMetadata } from '../metadata/types';
import type { CompiledRoute } from '../routing/compiled-route';
import type { OperationObject, RequestBodyObject, ResponseObject } from './document-types';
import { ERROR_RESPONSES, type ErrorResponseName, errorResponseRef } from './error-responses';
import { routeParameters } from './route-parameters';
import { BEARER_AUTH, routeSecurity } from './route-security';
import type { SchemaComponents } from './schema-components';

/** What an operation needs besides its route. */
export interface OperationSite {
  operationId: string;
  tag: string;
  /** The path parameters, in the order the path names them. */
  pathParams: readonly string[];
  components: SchemaComponents;
}

// The success status is the route's own (the error catalog holds only errors); the body is
// whatever the handler returns, which no decorator describes.
const ANY_JSON = { 'application/json': { schema: {} } };

const VALIDATED_KINDS = new Set<ParamMetadata['kind']>(['body', 'query', 'param', 'header', 'cookie']);

function requestBody(params: readonly ParamMetadata[], site: OperationSite): RequestBodyObject | undefined {
  const body = params.find((param) => param.kind === 'body');
  if (!body) return undefined;
  const schema = 'schema' in body ? (body.schema as ZodType | undefined) : undefined;
  if (!schema) return { required: false, content: ANY_JSON };
  return {
    required: !schema.isOptional(),
    content: { 'application/json': { schema: site.components.convert(schema, `${site.operationId}_body`) } },
  };
}

function errorNames(route: CompiledRoute, guarded: ErrorResponseName[]): ErrorResponseName[] {
  const names = [...guarded];
  if (route.readsBody) names.push('BadRequest', 'PayloadTooLarge', 'UnsupportedMediaType');
  if (
    route.handler.params.some((param) => VALIDATED_KINDS.has(param.kind) && 'schema' in param && param.schema)
  )
    names.push('ValidationFailed');
  names.push('InternalServerError');
  return names.sort((a, b) => ERROR_RESPONSES[a] - ERROR_RESPONSES[b]);
}

/** The OpenAPI operation of one compiled route. */
export function routeOperation(route: CompiledRoute, site: OperationSite): OperationObject {
  const { handler } = route;
  const security = routeSecurity(route.guards);
  const operation: OperationObject = { operationId: site.operationId, tags: [site.tag], responses: {} };
  if (handler.summary) operation.summary = handler.summary;
  const description = [handler.description, ...security.notes].filter(Boolean).join('\n\n');
  if (description) operation.description = description;
  const parameters = routeParameters(handler.params, site.pathParams, site.components, site.operationId);
  if (parameters.length > 0) operation.parameters = parameters;
  const body = requestBody(handler.params, site);
  if (body) operation.requestBody = body;
  if (security.bearer) operation.security = [{ [BEARER_AUTH]: [] }];
  const responses: Record<string, ResponseObject> = {
    [String(route.status)]: {
      description: route.method === 'POST' ? 'Created' : 'Success',
      content: ANY_JSON,
    },
  };
  for (const name of errorNames(route, security.responses))
    responses[String(ERROR_RESPONSES[name])] = errorResponseRef(name);
  operation.responses = responses;
  return operation;
}
