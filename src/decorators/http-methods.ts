import { metadataRegistry } from '../kernel';
import { HTTP_ROUTE, type HttpMethod } from '../routing';

function route(method: HttpMethod) {
  return (path = ''): MethodDecorator =>
    (target, key) => {
      metadataRegistry.forMethod(target.constructor, key).set(HTTP_ROUTE, { method, path });
    };
}

/** Answers GET at `path` (relative to the controller prefix). */
export const Get = route('GET');
/** Answers POST at `path`; the default status is 201. */
export const Post = route('POST');
/** Answers PUT at `path`. */
export const Put = route('PUT');
/** Answers DELETE at `path`. */
export const Delete = route('DELETE');
/** Answers PATCH at `path`. */
export const Patch = route('PATCH');
/** Answers every HTTP method at `path`. */
export const All = route('ALL');
