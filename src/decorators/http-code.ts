import { metadataRegistry } from '../metadata/registry';

/**
 * The status of a successful answer, instead of 200 (201 for `Post`); `undefined` still answers 204.
 * @example @Post('/login') @HttpCode(200) login(@Body(Credentials) body: Credentials) {}
 */
export function HttpCode(status: number): MethodDecorator {
  if (!Number.isInteger(status) || status < 200 || status > 299) {
    throw new RangeError(`HttpCode(${status}): a success status is an integer from 200 to 299`);
  }
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).status = status;
  };
}
