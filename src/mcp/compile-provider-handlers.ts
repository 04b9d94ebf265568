import type { Logger } from 'pino';
import { planResolution } from '../../container/resolution-plan';
import { type ErrorBodyWriter, REFERENCE_ERROR_BODY } from '../error-body/error-body-writer';
import {
  type Class,
  type ClassMetadata,
  compileInvocation,
  compileValidator,
  type HTTPException,
  type InvocationEnv,
  type MethodMetadata,
  metadataRegistry,
  positionalSlots,
  toHttpException,
  ValidationException,
  type Validator,
} from '../kernel';
import { callerVisibility } from './caller-visibility';
import type { McpCallContext } from './mcp-call-context';
import type { McpInvocation } from './mcp-handlers';
import { MCP_CALL_PARAM } from './mcp-metadata';

/** What compiling the providers' handlers needs from the application. */
export interface ProviderEnv extends InvocationEnv {
  logger: Logger;
  /** The application's error body, which a refused call carries. */
  errorBody?: ErrorBodyWriter;
}

/** One provider method, callable with its context: guards, validation, `Depends`, interceptors, the method. */
export interface ProviderMethod {
  /** `Class.method`. */
  handler: string;
  visibility: ReturnType<typeof callerVisibility>;
  /** It takes `McpCall()`. */
  notifies: boolean;
  /** Runs the method; resolves to what it returned, rejects with what it threw. */
  invoke(ctx: McpCallContext): Promise<unknown>;
}

const READERS = {
  [MCP_CALL_PARAM]: () => ({ read: (ctx: McpCallContext) => ctx.call, source: MCP_CALL_PARAM }),
};

/** The context of one call of a provider's method. */
export function callContext(
  invocation: McpInvocation,
  input: unknown,
  extra: Pick<McpCallContext, 'uri' | 'variables'> = {},
): McpCallContext {
  const { headers, user } = invocation.request;
  // The caller authenticated for the whole MCP request is known to every method, guarded or not.
  return { transport: 'mcp', headers, input, call: invocation.call, user, ...extra } as McpCallContext;
}

/**
 * A provider's method as MCP calls it, through the kernel's invocation pipeline: its guards (the
 * class's and its own), the input's validation, its decorated parameters, then the undecorated
 * ones in order, each read by one of `positions`, interceptors, a request scope disposed after the call.
 */
export function compileProviderMethod(
  target: Class,
  method: MethodMetadata,
  env: ProviderEnv,
  validate: Validator | undefined,
  positions: readonly ((ctx: McpCallContext) => unknown)[],
): ProviderMethod {
  const owner: ClassMetadata = metadataRegistry.forClass(target);
  const handler = `${target.name}.${method.name}`;
  const name = method.name;
  // Looked up on the instance the container gives, so that a class put in its place
  // (`app.override`) runs its own method.
  const dispatch = {
    [name](this: Record<string, Function>, ...args: unknown[]) {
      return this[name]!(...args);
    },
  };
  const slots = positionalSlots(method.params, positions.length);
  const site = { className: target.name, methodName: name, transport: 'mcp', container: env.container };
  const guards = [...owner.guards, ...method.guards];
  const invoke = compileInvocation<McpCallContext>(
    {
      owner: { ...owner, target: { prototype: dispatch } as unknown as Class },
      resolveOwner: planResolution(env.container, target),
      method,
      guards,
      readers: READERS,
      site,
      prepare: validate
        ? (ctx) => {
            const result = validate(ctx.input);
            if (!result.ok) throw new ValidationException(result.details);
            ctx.input = result.value;
          }
        : undefined,
      completeArguments: (args, ctx) => {
        positions.forEach((read, index) => {
          args[slots[index]] = read(ctx);
        });
      },
    },
    env,
  );
  const onDisposeError = (err: unknown) => env.logger.error({ err }, 'disposing an MCP call scope failed');
  return {
    handler,
    visibility: callerVisibility(guards, env.guards, site),
    notifies: method.params.some((param) => param.kind === MCP_CALL_PARAM),
    async invoke(ctx) {
      try {
        return await invoke(ctx);
      } finally {
        await ctx.scope?.dispose(onDisposeError);
      }
    },
  };
}

/** A validator of a provider's input or a prompt's arguments, its failures under `arguments`. */
export function argumentsValidator(schema: Parameters<typeof compileValidator>[0]): Validator {
  return compileValidator(schema, 'arguments');
}

/** What a thrown error answers a client: the error body (500s logged, their internals hidden). */
export function refusal(
  err: unknown,
  env: ProviderEnv,
  handler: string,
): { exception: HTTPException; body: unknown } {
  const exception = toHttpException(err);
  if (exception.statusCode >= 500) env.logger.error({ err, handler }, 'MCP call failed');
  const writer = env.errorBody ?? REFERENCE_ERROR_BODY;
  return { exception, body: writer.value(exception) ?? exception.toJSON() };
}
