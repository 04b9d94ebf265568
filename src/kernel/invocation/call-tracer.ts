import type { CallContext } from '../call-context';

/** One traced step of a call: a span, as the tracing feature makes it. */
export interface TracedStep {
  /** Runs `fn` with this step's span as the active one, so spans it starts are its children. */
  run<T>(fn: () => T): T;
  /** Ends the span; a server error marks it failed, a refusal does not. */
  end(err?: unknown): void;
}

/** What the pipeline needs of tracing: a span per step of a call, child of the call's own. */
export interface CallTracer {
  /** Starts the span of one step (`guards`, `handler X.y`) of the call behind `ctx`. */
  step(ctx: CallContext, name: string): TracedStep;
}
