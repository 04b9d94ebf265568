import type { ZodType } from 'zod';
import type { TrellisModule } from './module-registry';

/**
 * A built-in feature (a transport, the API docs): a module that `createApp` installs with the
 * value of its own option, checked by its own schema along with the others.
 */
export interface TrellisFeature<Options = unknown> extends TrellisModule<Options> {
  /** The `createApp` option it is installed with (a transport's own, as it names it); none: it is installed with `undefined`. */
  option?: string;
  /** The shape of that option's value (a zod schema); the option may always be left out. */
  schema?: ZodType;
}
