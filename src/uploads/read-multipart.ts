import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import type busboy from 'busboy';
import type { HTTPException } from '../kernel';
import { sniffMimeType } from './sniff-mime-type';
import { removeFile, tempPath, writeTempFile } from './temp-file-sink';
import type { UploadedFile } from './upload-decorators';
import { uploadErrors } from './upload-errors';
import type { FieldRule, UploadPlan } from './upload-plan';

/** A multipart body once read: its files (in their sinks) and its text fields. */
export interface ReceivedForm {
  files: (UploadedFile & { kept: boolean })[];
  fields: Record<string, string | string[]>;
}

const MULTIPART = /^multipart\/form-data\s*;/i;

function addField(fields: Record<string, string | string[]>, name: string, value: string): void {
  const previous = fields[name];
  if (previous === undefined) fields[name] = value;
  else fields[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
}

// Enough of a file's start for every signature sniffMimeType knows.
const HEAD_BYTES = 16;

/**
 * Counts and hashes a file's bytes on their way to the sink; past `maxBytes` it fails the stream.
 * Its first bytes tell its type when they can: a type the field does not allow fails it too,
 * whatever the client declared.
 */
function meter(
  rule: FieldRule,
  field: string,
  onChunk: (chunk: Buffer) => void,
  onType: (type: string) => void,
): Transform {
  let size = 0;
  let head: Buffer | undefined = Buffer.alloc(0);
  const sniff = (): Error | undefined => {
    const type = sniffMimeType(head as Buffer);
    head = undefined;
    if (type === undefined) return undefined;
    onType(type);
    return rule.accepts(type) ? undefined : uploadErrors.typeNotAllowed(field, type);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > rule.maxBytes) return done(uploadErrors.fileTooLarge(field, rule.maxBytes));
      if (head) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES)]);
        const refused = head.length >= HEAD_BYTES ? sniff() : undefined;
        if (refused) return done(refused);
      }
      onChunk(chunk);
      done(null, chunk);
    },
    flush(done) {
      done(head && head.length > 0 ? sniff() : undefined);
    },
  });
}

/**
 * Reads a multipart/form-data request as a stream: each file goes through a meter (size, SHA-256,
 * limit) into its sink (a temporary file by default) while the body arrives, so memory holds a
 * chunk at a time, never a file. Any refusal (limit, type, malformed body, aborted client) removes
 * every temporary file already written before it rejects.
 */
export function readMultipart(
  req: IncomingMessage,
  plan: UploadPlan,
  signal?: AbortSignal,
): Promise<ReceivedForm> {
  return new Promise((resolve, reject) => {
    if (!MULTIPART.test(req.headers['content-type'] ?? '')) {
      reject(uploadErrors.notMultipart());
      return;
    }
    let parser: busboy.Busboy;
    try {
      // Loaded by the first multipart body, not by every application.
      parser = (require('busboy') as typeof busboy)({
        headers: req.headers,
        // Browsers send file names as raw UTF-8; busboy would read them as Latin-1.
        defParamCharset: 'utf8',
        limits: {
          // One byte over the largest allowed, so that the meter, not busboy, sees a file too large.
          fileSize: plan.maxBytes + 1,
          files: plan.maxFiles,
          fields: plan.maxFields,
          fieldSize: plan.maxFieldBytes,
        },
      });
    } catch (err) {
      reject(uploadErrors.malformed((err as Error).message));
      return;
    }
    const form: ReceivedForm = { files: [], fields: {} };
    const written: string[] = [];
    const writes: Promise<void>[] = [];
    const open = new Set<Transform>();
    const perField = new Map<string, number>();
    let failure: HTTPException | undefined;
    let settled = false;

    const cleanUp = async () => {
      await Promise.allSettled(writes);
      await Promise.all(written.map(removeFile));
    };
    const fail = (error: HTTPException) => {
      if (failure || settled) return;
      failure = error;
      req.unpipe(parser);
      // What the client still sends is dropped; the answer closes the connection.
      req.resume();
      for (const stream of open) stream.destroy(error);
      settled = true;
      void cleanUp().then(() => reject(error));
    };

    parser.on('file', (field, stream, info) => {
      if (failure) {
        stream.resume();
        return;
      }
      const rule = plan.fields.get(field) ?? plan.anyField;
      const count = (perField.get(field) ?? 0) + 1;
      perField.set(field, count);
      let refusal: HTTPException | undefined;
      if (!rule) refusal = uploadErrors.unexpectedFile(field);
      else if (count > rule.maxFiles) refusal = uploadErrors.tooManyFiles(rule.maxFiles);
      else if (!rule.accepts(info.mimeType)) refusal = uploadErrors.typeNotAllowed(field, info.mimeType);
      if (refusal || !rule) {
        stream.resume();
        fail(refusal ?? uploadErrors.unexpectedFile(field));
        return;
      }
      const hash = createHash('sha256');
      let size = 0;
      let detected: string | undefined;
      const metered = meter(
        rule,
        field,
        (chunk) => {
          size += chunk.length;
          hash.update(chunk);
        },
        (type) => {
          detected = type;
        },
      );
      open.add(metered);
      stream.on('error', (err) => metered.destroy(err));
      stream.pipe(metered);
      const file: UploadedFile & { kept: boolean } = {
        fieldName: field,
        filename: info.filename ?? '',
        mimeType: info.mimeType,
        size: 0,
        sha256: '',
        kept: false,
        keep() {
          this.kept = true;
        },
      };
      // In order of arrival; complete once every write has settled without a failure.
      form.files.push(file);
      const upload = { fieldName: field, filename: file.filename, mimeType: file.mimeType };
      let sunk: Promise<unknown>;
      if (rule.sink) sunk = rule.sink(metered, upload);
      else {
        file.path = tempPath();
        written.push(file.path);
        sunk = writeTempFile(metered, file.path);
      }
      writes.push(
        sunk.then(
          (stored) => {
            open.delete(metered);
            file.size = size;
            file.sha256 = hash.digest('hex');
            if (detected !== undefined) file.mimeType = detected;
            if (rule.sink) file.stored = stored;
          },
          (err) => {
            open.delete(metered);
            fail(isHttpException(err) ? err : uploadErrors.malformed((err as Error).message));
          },
        ),
      );
    });
    parser.on('field', (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated)
        fail(uploadErrors.fieldTooLarge(name, plan.maxFieldBytes));
      else addField(form.fields, name, value);
    });
    parser.on('filesLimit', () => fail(uploadErrors.tooManyFiles(plan.maxFiles)));
    parser.on('fieldsLimit', () => fail(uploadErrors.tooManyFields(plan.maxFields)));
    parser.on('error', (err: Error) => fail(uploadErrors.malformed(err.message)));
    parser.on('close', () => {
      void Promise.allSettled(writes).then(() => {
        if (settled) return;
        settled = true;
        resolve(form);
      });
    });
    req.on('close', () => {
      if (!req.complete) fail(uploadErrors.malformed('The client went away before the body ended'));
    });
    // The application is closing: what was written goes, and the answer closes the connection.
    const abort = () => fail(uploadErrors.shuttingDown());
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
    req.pipe(parser);
  });
}

function isHttpException(err: unknown): err is HTTPException {
  return typeof (err as HTTPException | undefined)?.statusCode === 'number';
}
