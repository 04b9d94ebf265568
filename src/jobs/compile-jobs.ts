import type { Logger } from 'pino';
import { planResolution } from '../../container/resolution-plan';
import {
  type CallTracer,
  type Class,
  callHookSteps,
  compileInvocation,
  compileValidator,
  type InvocationEnv,
  type MethodMetadata,
  metadataRegistry,
  nestArounds,
  type PipelineHooks,
  positionalSlots,
  ValidationException,
} from '../kernel';
import { CompiledJobs, type CompiledTask, type TaskRun } from './compiled-jobs';
import { CronSchedule } from './cron-schedule';
import type { JobCallContext } from './job-context';
import { CRON, JOB } from './job-metadata';
import { jobsError, MAX_JOB_TIMEOUT_MS } from './jobs-errors';

/** The attempts of a job that names none. */
export const DEFAULT_MAX_ATTEMPTS = 5;

/** What compiling the jobs needs from the application. */
export interface JobsCompilerEnv extends InvocationEnv {
  tracing?: CallTracer;
  logger: Logger;
  /** The app's pipeline: the hooks that join job calls run around and in each run. */
  pipeline?: PipelineHooks<any>;
}

interface MutablePayload {
  payload: unknown;
}

function compileRun(
  target: Class,
  method: MethodMetadata,
  env: JobsCompilerEnv,
  validate: ((value: unknown) => unknown) | undefined,
): TaskRun {
  const owner = metadataRegistry.forClass(target);
  // The method is looked up on the instance the container gives, so that a class put in place
  // of the handler class (`app.override`) runs its own method.
  const name = method.name;
  const dispatch = {
    [name](this: Record<string, Function>, ...args: unknown[]) {
      return this[name]!(...args);
    },
  };
  // A Job() method takes the payload then its context; a Cron() method its context alone.
  const [first, second] = positionalSlots(method.params, validate ? 2 : 1);
  const where = `${target.name}.${method.name}`;
  const hooks = callHookSteps<JobCallContext>(env.pipeline, {
    transport: 'jobs',
    handler: method,
    where,
    container: env.container,
    path: where,
  });
  const readPayload = validate
    ? (ctx: JobCallContext) => {
        (ctx as unknown as MutablePayload).payload = validate(ctx.payload);
      }
    : undefined;
  const invocation = compileInvocation<JobCallContext>(
    {
      owner: { ...owner, target: { prototype: dispatch } as unknown as Class },
      resolveOwner: planResolution(env.container, target),
      method,
      guards: [...owner.guards, ...method.guards],
      readers: {},
      site: { className: target.name, methodName: method.name, transport: 'jobs', container: env.container },
      // The guard hooks that join job calls run in the guards' loop; the payload, checked on
      // enqueue, is read again so that the method gets the schema's output.
      checks: hooks.guard,
      prepare: readPayload,
      intercept: hooks.preHandler,
      completeArguments: validate
        ? (args, ctx) => {
            args[first] = ctx.payload;
            args[second] = ctx.job;
          }
        : (args, ctx) => {
            args[first] = ctx.job;
          },
    },
    env,
  );
  const invoke = nestArounds(hooks.onRequest, invocation);
  const onDisposeError = (err: unknown) => env.logger.error({ err }, 'disposing a job scope failed');
  return async (payload, job) => {
    const ctx: JobCallContext = { transport: 'jobs', headers: {}, job, payload };
    try {
      await invoke(ctx);
    } finally {
      await ctx.scope?.dispose(onDisposeError);
    }
  };
}

function checkedPayload(name: string, schema: Parameters<typeof compileValidator>[0]) {
  const validator = compileValidator(schema, 'payload');
  return {
    validator,
    parse(value: unknown): unknown {
      const result = validator(value);
      if (!result.ok) {
        // The message is what a failed job keeps (`lastError`): it names each refused field.
        const fields = result.details.map((detail) => `${detail.path}: ${detail.message}`).join('; ');
        throw new ValidationException(result.details, `The payload of '${name}' is refused: ${fields}`);
      }
      return result.value;
    },
  };
}

// A Job()'s own timeout, checked once: a timer takes whole milliseconds up to its maximum.
function checkedTimeout(handler: string, timeoutMs: number | undefined): number | undefined {
  if (timeoutMs === undefined) return undefined;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > MAX_JOB_TIMEOUT_MS)
    throw jobsError('TRELLIS_ERR_INVALID_JOB_TIMEOUT', handler, timeoutMs);
  return timeoutMs;
}

/**
 * Compiles, once, every `Job()` and `Cron()` method of the handler classes into a task run
 * through the kernel's invocation pipeline (guards, `Depends`, `Var`, interceptors, tracing).
 * Names are unique across jobs and schedules; a cron expression is read here.
 */
export function compileJobs(handlers: readonly Class[], env: JobsCompilerEnv): CompiledJobs {
  const tasks = new Map<string, CompiledTask>();
  const add = (task: CompiledTask) => {
    const taken = tasks.get(task.name);
    if (taken) throw jobsError('TRELLIS_ERR_DUPLICATE_JOB', task.name, taken.handler, task.handler);
    tasks.set(task.name, task);
  };
  for (const target of handlers) {
    const before = tasks.size;
    for (const method of metadataRegistry.forClass(target).methods.values()) {
      const handler = `${target.name}.${method.name}`;
      const job = method.get(JOB);
      if (job) {
        const payload = checkedPayload(job.name, job.schema);
        add({
          name: job.name,
          handler,
          maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          timeoutMs: checkedTimeout(handler, job.timeoutMs),
          validate: payload.validator,
          run: compileRun(target, method, env, payload.parse),
        });
      }
      const cron = method.get(CRON);
      if (cron) {
        add({
          name: cron.name ?? handler,
          handler,
          maxAttempts: DEFAULT_MAX_ATTEMPTS,
          schedule: new CronSchedule(cron.expression, cron.timezone, handler),
          run: compileRun(target, method, env, undefined),
        });
      }
    }
    // Most likely a provider put in the wrong list, or a class whose decorators were lost: it
    // would run nothing, silently.
    if (tasks.size === before) throw jobsError('TRELLIS_ERR_HANDLER_WITHOUT_JOBS', target.name);
  }
  return new CompiledJobs(tasks);
}
