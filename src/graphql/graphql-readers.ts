import type { ParamMetadata } from '../metadata/types';
import { HTTP_READERS, type ReaderTable } from '../routing/http-readers';
import type { GraphqlFieldContext } from './field-context';

function argumentReader(param: ParamMetadata) {
  const name = (param as Extract<ParamMetadata, { kind: 'arg' }>).name;
  // Failures are reported under the argument's name: `input.title`.
  return { read: (ctx: unknown) => (ctx as GraphqlFieldContext).args[name], source: name };
}

/** The readers of resolver parameters: arguments, the parent object, the caller and the native objects. */
export const GRAPHQL_READERS: ReaderTable = {
  arg: argumentReader,
  parent: () => ({ read: (ctx) => (ctx as GraphqlFieldContext).source, source: 'parent' }),
  user: HTTP_READERS.user,
  req: HTTP_READERS.req,
  res: HTTP_READERS.res,
  requestId: HTTP_READERS.requestId,
};
