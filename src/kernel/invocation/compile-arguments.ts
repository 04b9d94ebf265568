import type { ZodType } from 'zod';
import type { AppContainer as Container } from '../../../container/app-container';
import { isThenable } from '../../../container/is-thenable';
import { planResolution, type Resolver } from '../../../container/resolution-plan';
import type { Reader, ReaderTable } from '../../routing/http-readers';
import type { RequestContext } from '../../routing/request-context';
import { ValidationException } from '../errors/exceptions';
import type { ValidationDetail } from '../errors/http-exception';
import { locatedError, trellisError } from '../errors/trellis-errors';
import type { GuardSite } from '../guards/guard-registry';
import type { ParamMetadata } from '../metadata/types';
import { compileValidator, type Validator } from '../validation/compile-validator';
import { stringlessPart } from '../validation/string-input';

interface ValueStep {
  index: number;
  read: Reader;
  validate?: Validator;
}

interface DependencyStep {
  index: number;
  resolve: Resolver;
}

/** Builds a handler's argument list for one request: values validated first, then dependencies. */
export type ArgumentBuilder = (ctx: RequestContext) => unknown[] | Promise<unknown[]>;

function planDependency(container: Container, param: ParamMetadata, site: GuardSite): Resolver {
  try {
    return planResolution(container, param.provider!, param.scope);
  } catch (err) {
    throw locatedError(err, `${site.className}.${site.methodName}`);
  }
}

// What these give a handler is always text (or, from a query string, objects and arrays of it).
const STRING_KINDS = new Set<ParamMetadata['kind']>(['param', 'query', 'header', 'cookie']);
const DECORATORS: Partial<Record<ParamMetadata['kind'], string>> = {
  param: 'Param',
  query: 'Query',
  header: 'Header',
  cookie: 'Cookie',
};

// A schema no string can pass would answer every request 422: refused at ready() instead.
function refuseStringless(schema: ZodType, param: ParamMetadata, site: GuardSite): void {
  const part = stringlessPart(schema);
  if (!part) return;
  const name = 'name' in param && param.name ? `'${param.name}'` : '';
  const field = part.path ? ` field '${part.path}'` : '';
  throw trellisError(
    'TRELLIS_ERR_SCHEMA_REFUSES_STRINGS',
    `${site.className}.${site.methodName}`,
    `${DECORATORS[param.kind]}(${name})${field}`,
    part.type,
    part.fix,
  );
}

/**
 * Prepares, once, how a handler's parameters are read, validated and resolved. A request whose
 * values fail their schemas is refused with one 422 listing every failure; the handler and the
 * dependencies are never reached.
 */
export function compileArguments(
  params: readonly ParamMetadata[],
  readers: ReaderTable,
  site: GuardSite,
  container: Container,
): ArgumentBuilder {
  const values: ValueStep[] = [];
  const dependencies: DependencyStep[] = [];
  let arity = 0;
  // Parameter decorators run last-first; sorting keeps validation details in parameter order.
  for (const param of [...params].sort((a, b) => a.index - b.index)) {
    arity = Math.max(arity, param.index + 1);
    if (param.kind === 'depends') {
      dependencies.push({ index: param.index, resolve: planDependency(container, param, site) });
      continue;
    }
    const reader = readers[param.kind];
    if (!reader) {
      throw trellisError(
        'TRELLIS_ERR_PARAM_TRANSPORT',
        `${site.className}.${site.methodName}`,
        param.kind,
        site.transport,
      );
    }
    const { read, source } = reader(param);
    const schema = 'schema' in param ? param.schema : undefined;
    if (schema && STRING_KINDS.has(param.kind)) refuseStringless(schema, param, site);
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
