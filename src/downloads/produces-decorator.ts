import { metadataRegistry } from '../kernel';
import { MEDIA_ANSWER } from '../routing';

/**
 * Documents that the route answers with bytes of `mediaType` (it returns a `StreamableFile`)
 * rather than JSON: the OpenAPI document describes its success answer as binary of that type.
 * @example @Get('/:id/file') @Produces('application/octet-stream') download() { return new StreamableFile(path); }
 */
export function Produces(mediaType: string): MethodDecorator {
  return (target, key) => {
    const method = metadataRegistry.forMethod(target.constructor, key);
    // An event stream stays one, whichever decorator comes first.
    if (method.get(MEDIA_ANSWER)?.mediaType === 'text/event-stream') return;
    method.set(MEDIA_ANSWER, { mediaType, schema: { type: 'string', contentMediaType: mediaType } });
  };
}
