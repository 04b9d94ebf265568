import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BadRequestException,
  PayloadTooLargeException,
  trellisError,
  UnsupportedMediaTypeException,
} from '../kernel';

const bytes: { parse(value: string): number | null } = require('bytes');

/** Receives the parsed body (`undefined` when the request has none) or why it was refused. */
export type BodyCallback = (err: unknown, body?: unknown) => void;

/** Reads a request's JSON body; chosen once per application. */
export type BodyReader = (req: IncomingMessage, res: ServerResponse, done: BodyCallback) => void;

const JSON_TYPE = /^application\/json\s*(;|$)/i;
// The Content-Type nearly every JSON request carries; any other (charset, parameters,
// Content-Encoding) goes through body-parser itself, which is what the Express engine runs.
const PLAIN_JSON_TYPE = /^application\/json(;\s*charset=utf-8)?$/i;
// JSON's whitespace (RFC 8259): space, tab, line feed, carriage return.
const FIRST_NON_WHITESPACE = /^[ \t\n\r]*([^ \t\n\r]|$)/;
const BYTE_ORDER_MARK = 0xfeff;

function refuse(): BadRequestException {
  return new BadRequestException('Malformed JSON body');
}

// body-parser's strict mode: an empty body is `{}`, only objects and arrays are accepted.
function parseStrict(text: string): unknown {
  if (text.length === 0) return {};
  const first = text[0] === '{' || text[0] === '[' ? text[0] : FIRST_NON_WHITESPACE.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw refuse();
  try {
    return JSON.parse(text);
  } catch {
    throw refuse();
  }
}

// Like body-parser, a refused body is still read to its end before the answer, so the client,
// still sending, gets the response instead of a reset connection.
function drainThen(req: IncomingMessage, done: BodyCallback, err: unknown): void {
  let called = false;
  const finish = () => {
    if (called) return;
    called = true;
    done(err);
  };
  req.once('end', finish);
  req.once('close', finish);
  req.resume();
}

function readPlainJson(req: IncomingMessage, limit: number, done: BodyCallback): void {
  const declared = req.headers['content-length'];
  const length = declared === undefined ? undefined : Number(declared);
  if (length !== undefined && length > limit) {
    drainThen(req, done, new PayloadTooLargeException('Request body is too large'));
    return;
  }
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) {
      finished = true;
      req.off('data', onData);
      drainThen(req, done, new PayloadTooLargeException('Request body is too large'));
      return;
    }
    chunks.push(chunk);
  };
  const onEnd = () => {
    if (finished) return;
    finished = true;
    if (length !== undefined && received !== length) {
      done(new BadRequestException('request size did not match content length'));
      return;
    }
    let text = chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8');
    if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
    let body: unknown;
    try {
      body = parseStrict(text);
    } catch (err) {
      done(err);
      return;
    }
    done(undefined, body);
  };
  // An aborted request emits 'error' (Node does once someone listens), never 'end'.
  const onAbort = () => {
    if (finished) return;
    finished = true;
    done(new BadRequestException('request aborted'));
  };
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onAbort);
}

/**
 * The JSON body of routes that read one, parsed as the Express engine parses it (body-parser,
 * strict): no body gives `undefined`, an empty JSON body `{}`, a non-JSON body a 415, malformed
 * JSON or a bare value a 400, a body over `limit` a 413. The common case is read here without
 * body-parser's generic machinery; every unusual header is left to body-parser.
 */
export function jsonBodyReader(limit: string): BodyReader {
  const maxBytes = bytes.parse(limit);
  if (maxBytes === null)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'options.bodyLimit',
      `'${limit}' is not a size (e.g. '100kb')`,
    );
  let bodyParser: BodyReader | undefined;
  // Loaded on the first unusual request only: most applications never need it.
  const viaBodyParser: BodyReader = (req, res, done) => {
    bodyParser ??= (require('body-parser') as typeof import('body-parser')).json({ limit });
    bodyParser(req, res, done);
  };

  return (req, res, done) => {
    const { headers } = req;
    const chunked = headers['transfer-encoding'] !== undefined;
    const length = headers['content-length'];
    if (!chunked && length === undefined) {
      done(undefined, undefined);
      return;
    }
    const type = headers['content-type'];
    if ((chunked || length !== '0') && !JSON_TYPE.test(type ?? '')) {
      done(new UnsupportedMediaTypeException('Request body must be application/json'));
      return;
    }
    if (type !== undefined && PLAIN_JSON_TYPE.test(type) && headers['content-encoding'] === undefined) {
      readPlainJson(req, maxBytes, done);
      return;
    }
    try {
      viaBodyParser(req, res, (err) => done(err, (req as { body?: unknown }).body));
    } catch (err) {
      done(err);
    }
  };
}
