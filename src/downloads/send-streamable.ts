import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { RequestContext } from '../http/request-context';
import type { ResponseWriter } from '../http/response-writer';
import { contentDisposition } from './content-disposition';
import type { StreamableFile } from './streamable-file';

const OCTETS = 'application/octet-stream';

/**
 * Sends a `StreamableFile`: a path is checked (and measured) before the head is written, so a
 * missing file is still an ordinary error answer; then the bytes are piped with back-pressure.
 * HEAD writes the head only; a client that goes away ends the pipe, which destroys the source.
 */
export async function sendStreamable(
  writer: ResponseWriter,
  ctx: RequestContext,
  file: StreamableFile,
  status: number,
): Promise<void> {
  const { source, options } = file;
  let length = options.length;
  if (typeof source === 'string' && length === undefined) length = (await stat(source)).size;
  const head = ctx.method === 'HEAD';
  const res = writer.takeOver(ctx);
  res.statusCode = writer.chosenStatus(ctx) ?? status;
  res.setHeader('Content-Type', options.type ?? OCTETS);
  if (length !== undefined) res.setHeader('Content-Length', length);
  if (options.filename !== undefined)
    res.setHeader('Content-Disposition', contentDisposition(options.filename));
  if (head) {
    if (typeof source !== 'string') source.destroy();
    res.end();
    return;
  }
  const stream: Readable = typeof source === 'string' ? createReadStream(source) : source;
  // A read that fails half-way, or a client that left, has nothing left to answer: the
  // connection is cut so the client sees a broken transfer, never a short "complete" one.
  await pipeline(stream, res).catch(() => res.destroy());
}
