import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A fresh path in the system's temporary folder, unguessable and never a client's name. */
export function tempPath(): string {
  return join(tmpdir(), `trellis-upload-${randomBytes(12).toString('hex')}`);
}

/** Writes `stream` to `path`; on any failure the partial file is removed before rejecting. */
export async function writeTempFile(stream: Readable, path: string): Promise<void> {
  try {
    await pipeline(stream, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (err) {
    await removeFile(path);
    throw err;
  }
}

/** Removes a file, if it is still there. */
export async function removeFile(path: string): Promise<void> {
  await unlink(path).catch(() => {});
}
