import type { ParamMetadata, ReaderTable } from '../kernel';
import { requestIdOf } from '../observability/request-state';
import type { GraphqlFieldContext } from './field-context';
import { nullAsAbsent } from './null-as-absent';

function argumentReader(param: ParamMetadata) {
  const { schema } = param;
  const name = param.name!;
  // Failures are reported under the argument's name: `input.title`.
  if (!schema) return { read: (ctx: GraphqlFieldContext) => ctx.args[name], source: name };
  return { read: (ctx: GraphqlFieldContext) => nullAsAbsent(schema, ctx.args[name]), source: name };
}

/** The readers of resolver parameters: arguments, the parent object and the native objects (the kernel reads variables, the caller among them). */
export const GRAPHQL_READERS: ReaderTable<GraphqlFieldContext> = {
  arg: argumentReader,
  parent: () => ({ read: (ctx) => ctx.source, source: 'parent' }),
  req: () => ({ read: (ctx) => ctx.req, source: 'req' }),
  res: () => ({ read: (ctx) => ctx.res, source: 'res' }),
  requestId: () => ({ read: (ctx) => requestIdOf(ctx.operation), source: 'requestId' }),
};
