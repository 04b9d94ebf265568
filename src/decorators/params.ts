import type { ZodType } from 'zod';
import type { Scope } from '../../container/scope';
import {
  type ContextVariableMap,
  isSchema,
  metadataRegistry,
  type ParamMetadata,
  type Provider,
  trellisError,
  VARIABLE,
} from '../kernel';

type ParamWithoutIndex = ParamMetadata extends infer P
  ? P extends ParamMetadata
    ? Omit<P, 'index'>
    : never
  : never;

/** Records one parameter's metadata; shared by every parameter decorator. */
export function recordParam(param: ParamWithoutIndex): ParameterDecorator {
  return (target, key, index) => {
    if (key === undefined) throw trellisError('TRELLIS_ERR_PARAM_DECORATOR_ON_CONSTRUCTOR');
    const method = metadataRegistry.forMethod(target.constructor, key);
    method.params.push({ ...param, index } as ParamMetadata);
  };
}

function named(kind: 'param' | 'header' | 'cookie') {
  return (nameOrSchema?: string | ZodType, schema?: ZodType): ParameterDecorator =>
    isSchema(nameOrSchema)
      ? recordParam({ kind, schema: nameOrSchema })
      : recordParam({ kind, name: nameOrSchema, schema });
}

/** The parsed JSON body, validated by `schema` when given. */
export function Body(schema?: ZodType): ParameterDecorator {
  return recordParam({ kind: 'body', schema });
}

/** One path parameter by name (or all of them), validated by `schema`; values arrive as strings. */
export const Param = named('param');
/** One request header by name, case-insensitive (or all of them), validated by `schema`. */
export const Header = named('header');
/** One cookie by name (or all of them), validated by `schema`. */
export const Cookie = named('cookie');

/** A dependency: a class or token from the container, or a `(ctx) => value` function called per request. */
export function Depends(provider: Provider, scope?: Scope): ParameterDecorator {
  return recordParam({ kind: 'depends', provider, scope });
}

/** A GraphQL argument, validated by `schema` before the resolver runs. */
export function Arg(name: string, schema: ZodType): ParameterDecorator {
  return recordParam({ kind: 'arg', name, schema });
}

/**
 * The headers of the success answer, to fill in the handler (engine-neutral, unlike `Res()`).
 * @example @Post() create(@Body(S) b: New, @ResponseHeaders() headers: Record<string, string>) { headers.Location = ... }
 */
export function ResponseHeaders(): ParameterDecorator {
  return recordParam({ kind: 'responseHeaders' });
}

/**
 * A variable of the call, as a guard or interceptor set it (`ContextVariableMap` declares it),
 * validated by `schema` when given; the same over HTTP, WebSocket and GraphQL.
 * @example @Get('/invoices') list(@Var('tenant') tenant: string) { return this.invoices.of(tenant); }
 */
export function Var(name: keyof ContextVariableMap & string, schema?: ZodType): ParameterDecorator {
  return recordParam({ kind: VARIABLE, name, schema });
}

/**
 * The authenticated caller `{ id, username, email, role, permissions }` (needs `Auth()`): the
 * `user` variable the authenticating guard sets, read as `Var('user')` reads it.
 */
export function CurrentUser(): ParameterDecorator {
  return recordParam({ kind: VARIABLE, name: 'user' });
}

/**
 * The request's id: its `X-Request-Id` when well-formed, a UUID otherwise; the one in the
 * access log, the `reqId` of its log lines and the `X-Request-Id` answer header.
 */
export function RequestId(): ParameterDecorator {
  return recordParam({ kind: 'requestId' });
}

/** The engine's native request object. */
export function Req(): ParameterDecorator {
  return recordParam({ kind: 'req' });
}

/** The engine's native response object; a handler that sends through it is not answered again. */
export function Res(): ParameterDecorator {
  return recordParam({ kind: 'res' });
}
