import type { Logger } from 'pino';
import { CustomErrorBody } from './custom-error-body';
import type { ErrorBodyOptions } from './error-body-options';
import { type ErrorBodyWriter, REFERENCE_ERROR_BODY } from './error-body-writer';

/**
 * The error bodies of one application: its own (`createApp({ errorBody })`, else the reference
 * one) and those `ErrorBody()` declares on controllers and methods, each compiled once and shared
 * by the routes it applies to.
 */
export class ErrorBodies {
  /** The application's writer: 404, 405, middleware and engine failures, GraphQL, WebSocket. */
  readonly app: ErrorBodyWriter;
  private readonly compiled = new Map<ErrorBodyOptions, CustomErrorBody>();

  constructor(
    /** The `errorBody` option; absent for the reference body. */
    readonly options: ErrorBodyOptions | undefined,
    private readonly logger: Logger,
  ) {
    this.app = this.writer(options, undefined);
  }

  /** Whether error answers outside routes have a custom body. */
  get custom(): boolean {
    return this.options !== undefined;
  }

  /** The writer of one route: its method's `ErrorBody()`, else its controller's, else the application's. */
  forRoute(declared: ErrorBodyOptions | undefined, route: string): ErrorBodyWriter {
    return this.writer(declared ?? this.options, route);
  }

  private writer(options: ErrorBodyOptions | undefined, route: string | undefined): ErrorBodyWriter {
    if (!options) return REFERENCE_ERROR_BODY;
    let custom = this.compiled.get(options);
    if (!custom) {
      custom = new CustomErrorBody(options, this.logger);
      this.compiled.set(options, custom);
    }
    const body = custom;
    return {
      options,
      value: (exception, ctx) => body.value(exception, ctx, route),
      json: (exception, ctx) => body.json(exception, ctx, route),
    };
  }
}
