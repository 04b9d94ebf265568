import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { SampleConfig } from '../config';
import { SAMPLE_CONFIG } from '../tokens';
import { Inject, Injectable, type UploadedFile } from '../trellis';
import type { Attachment } from './attachment';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

// A temporary file may sit on another device than the data folder, where rename cannot go.
async function move(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await unlink(from);
  }
}

/**
 * Task attachments on disk, beside the database file: `attachments/<taskId>/<id>` holds the
 * bytes and `<id>.json` what the API shows of them. Only ids the store made (UUIDs) ever reach
 * a path. With an in-memory database the folder is temporary, removed at `close()`.
 */
@Injectable()
export class AttachmentStore {
  private readonly root: string;
  private readonly temporary: boolean;

  constructor(@Inject(SAMPLE_CONFIG) config: SampleConfig) {
    this.temporary = config.databaseFile === ':memory:';
    this.root = this.temporary
      ? mkdtempSync(join(tmpdir(), 'trellis-sample-attachments-'))
      : // On PostgreSQL there is no database file to sit beside: the sample's data folder.
        join(config.databaseFile ? dirname(config.databaseFile) : 'data', 'attachments');
  }

  /** Moves an uploaded file into the task's folder and records it. */
  async add(taskId: string, file: UploadedFile): Promise<Attachment> {
    const attachment: Attachment = {
      id: randomUUID(),
      filename: file.filename,
      mimeType: file.mimeType,
      size: file.size,
      sha256: file.sha256,
    };
    const folder = join(this.root, taskId);
    await mkdir(folder, { recursive: true });
    file.keep();
    await move(file.path as string, join(folder, attachment.id));
    // Written last: an attachment is listed only once its bytes are in place.
    const sidecar = join(folder, `${attachment.id}.json`);
    await writeFile(`${sidecar}.tmp`, JSON.stringify({ ...attachment, createdAt: new Date().toISOString() }));
    await rename(`${sidecar}.tmp`, sidecar);
    return attachment;
  }

  /** The attachments of a task, oldest first. */
  async list(taskId: string): Promise<Attachment[]> {
    const names = await readdir(join(this.root, taskId)).catch(() => [] as string[]);
    const records = await Promise.all(
      names
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => JSON.parse(await readFile(join(this.root, taskId, name), 'utf8'))),
    );
    return records
      .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)))
      .map(({ id, filename, mimeType, size, sha256 }) => ({ id, filename, mimeType, size, sha256 }));
  }

  /** One attachment and where its bytes are, or undefined. */
  async find(taskId: string, id: string): Promise<{ attachment: Attachment; path: string } | undefined> {
    if (!UUID.test(id)) return undefined;
    const folder = join(this.root, taskId);
    const raw = await readFile(join(folder, `${id}.json`), 'utf8').catch(() => undefined);
    if (raw === undefined) return undefined;
    const { filename, mimeType, size, sha256 } = JSON.parse(raw) as Attachment;
    return { attachment: { id, filename, mimeType, size, sha256 }, path: join(folder, id) };
  }

  /** Removes the folder when it is temporary. */
  async close(): Promise<void> {
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}
