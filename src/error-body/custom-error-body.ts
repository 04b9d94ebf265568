import type { Logger } from 'pino';
import { requestUrl } from '../http/request-url';
import type { HTTPException } from '../kernel';
import { redactUrl } from '../observability/redact-url';
import type { ErrorBodyCall, ErrorBodyInput, ErrorBodyOptions } from './error-body-options';
import type { ErrorCallSource } from './error-body-writer';

const BUILD_FAILED =
  'errorBody: build threw or returned a body its schema refuses; answered 500 with the reference body (logged once per errorBody)';

function inputOf(exception: HTTPException): ErrorBodyInput {
  const input: ErrorBodyInput = {
    status: exception.statusCode,
    code: exception.code,
    message: exception.message,
  };
  if (exception.details) input.details = exception.details;
  return input;
}

// Redacted as in the access log: a body may be logged too.
function callOf(ctx: ErrorCallSource | undefined, route: string | undefined): ErrorBodyCall {
  const call: ErrorBodyCall = {
    method: ctx?.method ?? '',
    url: redactUrl(ctx && requestUrl(ctx)) ?? '',
  };
  if (route !== undefined) call.route = route;
  return call;
}

/**
 * One `{ schema, build }` of an application, shared by every route it applies to: builds the
 * body, checks it against the schema, and reports the first failure (a throwing `build`, a body
 * the schema refuses, one JSON cannot write) with its cause; later ones are answered the same
 * fallback way without a line each, which under load would bury everything else.
 */
export class CustomErrorBody {
  private reported = false;

  constructor(
    readonly options: ErrorBodyOptions,
    private readonly logger: Logger,
  ) {}

  /** The checked body (the schema's output), or `undefined` when building or checking it failed. */
  value(exception: HTTPException, ctx: ErrorCallSource | undefined, route: string | undefined): unknown {
    try {
      const parsed = this.options.schema.safeParse(
        this.options.build(inputOf(exception), callOf(ctx, route)),
      );
      if (parsed.success && parsed.data !== undefined) return parsed.data;
      this.report(parsed.error, exception, route);
    } catch (err) {
      this.report(err, exception, route);
    }
    return undefined;
  }

  /** The checked body as JSON text, or `undefined` as for `value` (or when JSON cannot write it). */
  json(
    exception: HTTPException,
    ctx: ErrorCallSource | undefined,
    route: string | undefined,
  ): string | undefined {
    const body = this.value(exception, ctx, route);
    if (body === undefined) return undefined;
    try {
      const text = JSON.stringify(body) as string | undefined;
      if (text !== undefined) return text;
      this.report('the body has no JSON form (JSON.stringify gave nothing)', exception, route);
    } catch (err) {
      this.report(err, exception, route);
    }
    return undefined;
  }

  private report(err: unknown, exception: HTTPException, route: string | undefined): void {
    if (this.reported) return;
    this.reported = true;
    this.logger.error({ err, route, statusCode: exception.statusCode, code: exception.code }, BUILD_FAILED);
  }
}
