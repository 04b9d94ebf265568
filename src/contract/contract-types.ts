import type { ContractRoute, ContractRoutes, ContractSchema } from './contract-route';

type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;
type SuccessKey = SuccessStatus | `${SuccessStatus}`;

// A status as a number: keys spread in from another object come as strings ("404").
type StatusOf<K> = K extends number ? K : K extends `${infer N extends number}` ? N : never;

/** A value or a promise of it. */
export type MaybePromise<T> = T | Promise<T>;

/** What the handler of a route may return: the success body as its schema accepts it (nothing for `null`). */
export type HandlerResult<R extends ContractRoute> = MaybePromise<
  {
    [S in keyof R['responses'] as StatusOf<S> extends SuccessStatus
      ? S
      : never]: R['responses'][S] extends ContractSchema
      ? R['responses'][S]['_zod']['input']
      : // biome-ignore lint/suspicious/noConfusingVoidType: a handler without a return statement returns void
        undefined | void;
  }[keyof R['responses'] & SuccessKey]
>;

type Part<K extends string, S> = S extends ContractSchema
  ? {} extends S['_zod']['input']
    ? { [P in K]?: S['_zod']['input'] }
    : { [P in K]: S['_zod']['input'] }
  : {};

/** What a call of the route sends: path parameters, query, body and headers, as their schemas accept them. */
export type ContractRequest<R extends ContractRoute> = Part<'params', R['params']> &
  Part<'query', R['query']> &
  Part<'body', R['body']> &
  Part<'headers', R['headers']>;

/** One answer of the route, discriminated by `status`. */
export type ContractResponse<R extends ContractRoute> = {
  [S in keyof R['responses']]: {
    status: StatusOf<S>;
    body: R['responses'][S] extends ContractSchema ? R['responses'][S]['_zod']['output'] : undefined;
    headers: Headers;
  };
}[keyof R['responses']];

/**
 * The class-level check of a controller implementing a contract: a method per route, each returning
 * what the route's success answer accepts. `class Tasks implements ContractController<typeof api>`.
 */
export type ContractController<C extends ContractRoutes> = {
  [K in keyof C]: (...args: any[]) => HandlerResult<C[K]>;
};

type FieldsOf<S> = S extends ContractSchema
  ? S['_zod']['output'] extends Record<string, infer V>
    ? V
    : never
  : never;

// The values a scalar handler parameter can be given: fields of the path, query and headers.
type ScalarValues<R extends ContractRoute> =
  | FieldsOf<R['params']>
  | FieldsOf<R['query']>
  | FieldsOf<R['headers']>;

type OutputOf<S> = S extends ContractSchema ? S['_zod']['output'] : never;

// The whole objects a parameter can be given: the path parameters, query, body and headers.
type ObjectValues<R extends ContractRoute> =
  | OutputOf<R['params']>
  | OutputOf<R['query']>
  | OutputOf<R['body']>
  | OutputOf<R['headers']>;

// The objects whose fields include every field of P: what P is meant to receive. An object with
// a field none of them has (the caller, the request context) is taken as injected and not checked.
type MeantFor<P, V> = V extends object ? ([Exclude<keyof P, keyof V>] extends [never] ? V : never) : never;

// Whether an object parameter's type refuses what the route gives it.
type ObjectMismatch<R extends ContractRoute, P> = [keyof P] extends [never]
  ? false
  : [MeantFor<P, ObjectValues<R>>] extends [never]
    ? false
    : [Extract<MeantFor<P, ObjectValues<R>>, P>] extends [never]
      ? true
      : false;

// The positions of parameters whose type no contract field or object has.
type UnmatchedParams<R extends ContractRoute, A extends readonly unknown[]> = {
  [I in keyof A]: 0 extends 1 & A[I]
    ? never
    : A[I] extends string | number | boolean
      ? [Extract<ScalarValues<R>, A[I]>] extends [never]
        ? I
        : never
      : A[I] extends readonly unknown[] | ((...args: never[]) => unknown)
        ? never
        : A[I] extends object
          ? ObjectMismatch<R, A[I]> extends true
            ? I
            : never
          : never;
}[number];

/**
 * Fails to compile, naming the parameter, when a scalar parameter's type is none of the route's
 * fields, or an object parameter (the body, the whole query) refuses the object the route gives.
 */
export type ParametersMatch<R extends ContractRoute, A extends readonly unknown[]> = [
  UnmatchedParams<R, A>,
] extends [never]
  ? unknown
  : { 'parameter whose type does not match the contract route': UnmatchedParams<R, A> };
