import type { ErrorBodyWriter } from '../error-body/error-body-writer';
import type { RequestContext } from '../http/request-context';
import type { ClassMetadata, GuardMetadata, MethodMetadata, Phase } from '../kernel';
import type { DeclaredError } from './declared-errors';
import type { HttpMethod } from './http-method';

/** A route ready to serve: everything that depends only on metadata is already decided. */
export interface CompiledRoute {
  /** The HTTP method (`ALL` for every one). */
  method: HttpMethod;
  /** Full path in Express syntax, prefix included. */
  path: string;
  /** Whether a parameter reads the body (the engine parses it only then). */
  readsBody: boolean;
  /** The API version the route answers (with the app's `versioning`); none when neutral. */
  version?: string;
  /** The routes of each version that this one dispatches to, by header or media type. */
  variants?: CompiledRoute[];
  /** The status of a successful answer when the handler chooses none: `HttpCode`, or 200 (201 for POST). */
  status: number;
  /** The error answers the handler declared with `Throws`. */
  errors: DeclaredError[];
  /** The controller class's metadata. */
  controller: ClassMetadata;
  /** The handler method's metadata. */
  handler: MethodMetadata;
  /** The guards that apply (class and method), for documentation. */
  guards: GuardMetadata[];
  /** When the route was deprecated (`Deprecated()`), and when it stops answering. */
  deprecation?: { since: Date; sunset?: Date; link?: string };
  /** Headers every answer carries, errors included (those of a body that cannot be read too). */
  answerHeaders?: Record<string, string>;
  /**
   * How its error answers get their body (`ErrorBody()`, else the app's `errorBody`), those of a
   * body that cannot be read included; absent: the reference body.
   */
  errorBody?: ErrorBodyWriter;
  /** Its steps by name, phase by phase: the hooks that apply and its own (`inspect()` shows them). */
  hooks: Partial<Record<Phase, string[]>>;
  /** Serves one request, answering it in every case (errors included). */
  handle(ctx: RequestContext): void | Promise<void>;
}
