import type { ZodType } from 'zod';
import type { ContractRoute } from '../contract';
import type { ErrorBodyOptions } from '../error-body/error-body-options';
import { type Class, metadataKey } from '../kernel';
import type { DeprecationOptions, VersionValue } from '../versioning/versioning-options';
import type { HttpMethod } from './http-method';

// What the HTTP decorators record, each in its own slot of the class or method metadata: routing,
// versioning and the OpenAPI document read them at ready().

/** What `Get`, `Post`, ... (or `Sse`) recorded: the method answers `method` at `path` under the prefix. */
export interface RouteMetadata {
  method: HttpMethod;
  path: string;
}

/** What `Returns` recorded: the schema of the success body, its status and its description. */
export interface ReturnsMetadata {
  schema: ZodType;
  status?: number;
  description?: string;
}

/** What `Controller` recorded: the prefix of its routes. */
export interface ControllerMetadata {
  path: string;
  /** `Controller({ prefix: false })`: the app's `prefix` option does not apply to its routes. */
  unprefixed?: boolean;
}

/** The HTTP route of a method (`Get('/:id')`): a method holding it is served over HTTP. */
export const HTTP_ROUTE = metadataKey<RouteMetadata>('http route', { entryPoint: true });
/** The contract route a method implements (`Implements`): its HTTP route, schemas and answers. */
export const CONTRACT_ROUTE = metadataKey<ContractRoute>('contract route', { entryPoint: true });
/** The success status chosen with `HttpCode`, instead of 200 (201 for POST). */
export const SUCCESS_STATUS = metadataKey<number>('success status');
/** The success body declared with `Returns`: the answer is serialized through its schema. */
export const RETURNS = metadataKey<ReturnsMetadata>('returns');
/** The exception classes declared with `Throws`, for the docs. */
export const THROWS = metadataKey<readonly Class[]>('throws');
/** The API version(s) of a route (`Version()`), or of a controller's routes (`Controller({ version })`). */
export const API_VERSION = metadataKey<VersionValue>('api version');
/** `Deprecated()` on a route, or on a controller: every route of it. */
export const DEPRECATED = metadataKey<DeprecationOptions>('deprecated');
/** `ErrorBody()` on a route, or on a controller: the shape of its error answers, over the application's. */
export const ERROR_BODY = metadataKey<ErrorBodyOptions>('error body');
/** The controller's prefix. */
export const CONTROLLER = metadataKey<ControllerMetadata>('controller');

/** What a route answers instead of JSON (an event stream, a file's bytes), for the docs. */
export interface MediaAnswer {
  mediaType: string;
  /** The JSON schema of the content. */
  schema: Record<string, unknown>;
  /** What the answer is; default the reason phrase of the status. */
  description?: string;
}

/** The route answers with `mediaType` rather than JSON (`Produces`, `Sse`). */
export const MEDIA_ANSWER = metadataKey<MediaAnswer>('media answer');
