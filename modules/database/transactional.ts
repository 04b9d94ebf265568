import { recordInterceptor } from '../../src/kernel';

/**
 * Runs the method (a handler, or an injectable's method) in one database transaction: everything
 * that asks for `Database` during the call uses it; it commits when the method returns, before
 * the answer is written, and rolls back when it throws.
 * @example @Post() @Transactional() transfer(@Body(Transfer) t: Transfer) { ... }
 */
export const Transactional = (): MethodDecorator =>
  recordInterceptor({ kind: 'transactional', module: 'database', label: 'Transactional()' });
