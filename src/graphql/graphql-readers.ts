import type { ParamMetadata } from '../kernel/metadata/types';
import { HTTP_READERS, type ReaderTable } from '../routing/http-readers';
import type { GraphqlFieldContext } from './field-context';
import { nullAsAbsent } from './null-as-absent';

function argumentReader(param: ParamMetadata) {
  const { schema } = param;
  const name = param.name!;
  const args = (ctx: unknown) => (ctx as GraphqlFieldContext).args;
  // Failures are reported under the argument's name: `input.title`.
  if (!schema) return { read: (ctx: unknown) => args(ctx)[name], source: name };
  return { read: (ctx: unknown) => nullAsAbsent(schema, args(ctx)[name]), source: name };
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
