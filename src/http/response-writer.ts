import type { ServerResponse } from 'node:http';
import type { RequestContext } from './request-context';

/** How an engine puts a response on the wire; the compiled route never touches the engine directly. */
export interface ResponseWriter {
  /** Whether the handler already answered through `Res()`. */
  sent(ctx: RequestContext): boolean;
  /** The status the handler chose through `Res()`, if it chose one. */
  chosenStatus(ctx: RequestContext): number | undefined;
  /** Writes an already serialised JSON body. */
  json(ctx: RequestContext, status: number, body: string, headers?: Record<string, string>): void;
  /** Writes a response without a body. */
  empty(ctx: RequestContext, status: number, headers?: Record<string, string>): void;
  /** Hands Node's response to a streamed answer (events, a file); the engine writes nothing more. */
  takeOver(ctx: RequestContext): ServerResponse;
}
