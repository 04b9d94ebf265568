import type { ZodType } from 'zod';
import type { AppContainer as Container } from '../../../container/app-container';
import { isThenable } from '../../../container/is-thenable';
import { planResolution, type Resolver } from '../../../container/resolution-plan';
import { type CallContext, variableOf } from '../call-context';
import { ValidationException } from '../errors/exceptions';
import type { ValidationDetail } from '../errors/http-exception';
import { locatedError, trellisError } from '../errors/trellis-errors';
import type { GuardSite } from '../guards/guard-registry';
import type { ParamMetadata } from '../metadata/types';
import { compileValidator, type Validator } from '../validation/compile-validator';
import { stringlessPart } from '../validation/string-input';
import type { ParameterReader, Reader, ReaderTable } from './argument-readers';

/** The parameter kind of `Var(name)`: a variable of the call, read the same over every transport. */
export const VARIABLE = 'variable';

const variableReader = (param: ParamMetadata): ParameterReader => ({
  read: (ctx: CallContext) => variableOf(ctx, param.name ?? ''),
  source: param.name ?? VARIABLE,
});

interface ValueStep<C extends CallContext> {
  index: number;
  read: Reader<C>;
  validate?: Validator;
}

interface DependencyStep {
  index: number;
  resolve: Resolver;
}

/** Builds a handler's argument list for one request: values validated first, then dependencies. */
export type ArgumentBuilder<C extends CallContext = CallContext> = (ctx: C) => unknown[] | Promise<unknown[]>;

function planDependency(container: Container, param: ParamMetadata, site: GuardSite): Resolver {
  try {
    return planResolution(container, param.provider!, param.scope);
  } catch (err) {
    throw locatedError(err, `${site.className}.${site.methodName}`);
  }
}

// A schema no string can pass would answer every request 422: refused at ready() instead.
function refuseStringless(schema: ZodType, param: ParamMetadata, decorator: string, site: GuardSite): void {
  const part = stringlessPart(schema);
  if (!part) return;
  const name = 'name' in param && param.name ? `'${param.name}'` : '';
  const field = part.path ? ` field '${part.path}'` : '';
  throw trellisError(
    'TRELLIS_ERR_SCHEMA_REFUSES_STRINGS',
    `${site.className}.${site.methodName}`,
    `${decorator}(${name})${field}`,
    part.type,
    part.fix,
  );
}

/**
 * Prepares, once, how a handler's parameters are read, validated and resolved. A request whose
 * values fail their schemas is refused with one 422 listing every failure; the handler and the
 * dependencies are never reached.
 */
export function compileArguments<C extends CallContext>(
  params: readonly ParamMetadata[],
  readers: ReaderTable<C>,
  site: GuardSite,
  container: Container,
): ArgumentBuilder<C> {
  const values: ValueStep<C>[] = [];
  const dependencies: DependencyStep[] = [];
  let arity = 0;
  // Parameter decorators run last-first; sorting keeps validation details in parameter order.
  for (const param of [...params].sort((a, b) => a.index - b.index)) {
    arity = Math.max(arity, param.index + 1);
    if (param.kind === 'depends') {
      dependencies.push({ index: param.index, resolve: planDependency(container, param, site) });
      continue;
    }
    // A variable is the kernel's own: every transport's calls carry the variables modules set.
    const reader = param.kind === VARIABLE ? variableReader : readers[param.kind];
    if (!reader) {
      throw trellisError(
        'TRELLIS_ERR_PARAM_TRANSPORT',
        `${site.className}.${site.methodName}`,
        param.kind,
        site.transport,
      );
    }
    const { read, source, text } = reader(param);
    const schema = 'schema' in param ? param.schema : undefined;
    if (schema && text) refuseStringless(schema, param, text, site);
    values.push({
      index: param.index,
      read,
      validate: schema ? compileValidator(schema, source) : undefined,
    });
  }

  return (ctx) => {
    const args = new Array<unknown>(arity);
    let failures: ValidationDetail[] | undefined;
    for (const step of values) {
      const raw = step.read(ctx);
      if (!step.validate) {
        args[step.index] = raw;
        continue;
      }
      const result = step.validate(raw);
      if (result.ok) args[step.index] = result.value;
      else failures = failures ? failures.concat(result.details) : result.details;
    }
    if (failures) throw new ValidationException(failures);
    let pending: PromiseLike<unknown>[] | undefined;
    for (const step of dependencies) {
      const value = step.resolve(ctx);
      if (isThenable(value)) {
        pending ??= [];
        pending.push(value.then((resolved) => (args[step.index] = resolved)));
      } else {
        args[step.index] = value;
      }
    }
    return pending ? Promise.all(pending).then(() => args) : args;
  };
}
