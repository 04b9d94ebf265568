import { metadataRegistry } from '../kernel/metadata/registry';

/** The key of `Produces` in a method's `extras`. */
export const PRODUCES_EXTRA = 'produces';

/**
 * Documents that the route answers with bytes of `mediaType` (it returns a `StreamableFile`)
 * rather than JSON: the OpenAPI document describes its success answer as binary of that type.
 * @example @Get('/:id/file') @Produces('application/octet-stream') download() { return new StreamableFile(path); }
 */
export function Produces(mediaType: string): MethodDecorator {
  return (target, key) => {
    const method = metadataRegistry.forMethod(target.constructor, key);
    method.extras = { ...method.extras, [PRODUCES_EXTRA]: mediaType };
  };
}
