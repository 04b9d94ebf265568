import type { Readable } from 'node:stream';

/** How a `StreamableFile` is described to the client. */
export interface StreamableFileOptions {
  /** `Content-Type`; default `application/octet-stream`. */
  type?: string;
  /** `Content-Length` in bytes; read from the file when a path is given, else left out (chunked). */
  length?: number;
  /** Sends `Content-Disposition: attachment` with this file name. */
  filename?: string;
}

/**
 * A file or a readable stream for a handler to return: it is piped to the client with
 * back-pressure, a `HEAD` request gets the headers without a read, and a client that goes away
 * stops the read.
 * @example @Get('/report') report() { return new StreamableFile('/srv/report.pdf', { type: 'application/pdf', filename: 'report.pdf' }); }
 */
export class StreamableFile {
  /** Wraps a path (opened only when sent) or a readable stream, with how to describe it. */
  constructor(
    /** A path on disk (opened only when sent), or a readable stream. */
    readonly source: string | Readable,
    /** Content type, length and attachment name. */
    readonly options: StreamableFileOptions = {},
  ) {}
}
