import { metadataRegistry } from '../kernel';
import { SUCCESS_STATUS } from '../routing';
import { NotSuccessStatusError } from './decorator-errors';

/** Refuses a status that is no success status, naming the decorator. */
export function assertSuccessStatus(decorator: string, status: number): void {
  if (!Number.isInteger(status) || status < 200 || status > 299) {
    throw new NotSuccessStatusError(decorator, status);
  }
}

/**
 * The status of a successful answer, instead of 200 (201 for `Post`); `undefined` still answers 204.
 * @example @Post('/login') @HttpCode(200) login(@Body(Credentials) body: Credentials) {}
 */
export function HttpCode(status: number): MethodDecorator {
  assertSuccessStatus('HttpCode', status);
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).set(SUCCESS_STATUS, status);
  };
}
