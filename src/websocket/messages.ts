import { carriedBody } from '../error-body/carried-body';
import {
  type ErrorBodyWriter,
  type ErrorCallSource,
  REFERENCE_ERROR_BODY,
} from '../error-body/error-body-writer';
import {
  BadRequestException,
  type HTTPException,
  InternalServerErrorException,
  type ValidationDetail,
} from '../kernel';

/** What a client receives when its message is refused or its handler fails; the connection stays open. */
export interface WebSocketErrorMessage {
  /** Always `'error'`. */
  type: 'error';
  /** What went wrong. */
  message: string;
  /** The machine-readable code, as in HTTP error bodies and GraphQL `extensions.code`. */
  code: string;
  /** Validation failures, when the message failed its schema. */
  details?: ValidationDetail[];
}

/** A frame's payload as `ws` hands it over (its `RawData`, kept here so no public type needs `ws`). */
type RawData = Buffer | ArrayBuffer | Buffer[];

function textOf(raw: RawData): string {
  if (Buffer.isBuffer(raw)) return raw.toString();
  return (Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString();
}

/** A message as the JSON value it carries; refuses binary frames and text that is not JSON. */
export function parseMessage(raw: RawData, isBinary: boolean): unknown {
  if (isBinary) throw new BadRequestException('Messages must be JSON text, not binary');
  try {
    return JSON.parse(textOf(raw));
  } catch {
    throw new BadRequestException('Message is not valid JSON');
  }
}

function referenceMessage(exception: HTTPException): WebSocketErrorMessage {
  const message: WebSocketErrorMessage = { type: 'error', message: exception.message, code: exception.code };
  if (exception.details) message.details = exception.details;
  return message;
}

/**
 * The error message for an exception, with its validation details when it has some; with a
 * custom error body, `{ type: 'error', ...body, code }` (the reference 500's message when the
 * body cannot be built).
 */
export function errorMessage(
  exception: HTTPException,
  body: ErrorBodyWriter = REFERENCE_ERROR_BODY,
  ctx?: ErrorCallSource,
): WebSocketErrorMessage | Record<string, unknown> {
  if (!body.options) return referenceMessage(exception);
  const built = body.value(exception, ctx);
  if (built === undefined) return referenceMessage(new InternalServerErrorException());
  return carriedBody(built, { type: 'error', code: exception.code }, { type: 'error' });
}
