import type { CallContext } from '../call-context';
import type { ParamMetadata } from '../metadata/types';

/** Reads one raw parameter value from a call; chosen once per parameter at `ready()`. */
export type Reader<C extends CallContext = CallContext> = (ctx: C) => unknown;

/**
 * How a transport reads each parameter kind it supports from its calls, and under which name
 * validation failures are reported; a kind missing from the table cannot be used over it.
 */
export type ReaderTable<C extends CallContext = CallContext> = Partial<
  Record<ParamMetadata['kind'], (param: ParamMetadata) => ParameterReader<C>>
>;

/** How one parameter is read: the reader, and the name its validation failures are reported under. */
export interface ParameterReader<C extends CallContext = CallContext> {
  read: Reader<C>;
  source: string;
  /**
   * The decorator's name when the value always arrives as text (a path segment, a query string,
   * a header): a schema that can never accept a string then fails `ready()` instead of every call.
   */
  text?: string;
}
