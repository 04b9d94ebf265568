import type { ZodType } from 'zod';
import { recordParam } from '../decorators';
import type { FileParamOptions, UploadManyOptions, UploadOptions } from './upload-options';
/**
 * One file of a multipart request, already written to its sink when the handler runs. The type
 * shares the decorator's name, so `@UploadedFile('file') file: UploadedFile` reads as one.
 */
export interface UploadedFile {
  /** The form field it came in. */
  fieldName: string;
  /** The name the client gave it (no path). */
  filename: string;
  /** Its MIME type: what its first bytes show (PNG, JPEG, GIF, WebP, PDF, ZIP, gzip, executables), else what the client declared. */
  mimeType: string;
  /** Its size in bytes, as received. */
  size: number;
  /** The SHA-256 of its bytes, hex. */
  sha256: string;
  /** The temporary file holding it (default sink); removed after the answer unless `keep()` was called. */
  path?: string;
  /** What an application sink returned for it (`UploadOptions.sink`). */
  stored?: unknown;
  /** Keeps the temporary file after the answer: the handler moved it or hands it on. */
  keep(): void;
}

/**
 * The file of a multipart/form-data field, streamed to a temporary file (or `options.sink`) before
 * the handler runs: `{ fieldName, filename, mimeType, size, sha256, path }`. Missing: 422.
 * @example @Post('/avatar') upload(@UploadedFile('file', { maxBytes: 1e6, mimeTypes: ['image/*'] }) file: UploadedFile) {}
 */
export function UploadedFile(field: string, options: UploadOptions = {}): ParameterDecorator {
  const recorded: FileParamOptions = { ...options, maxFiles: 1, required: true };
  return recordParam({ kind: 'file', name: field, options: recorded });
}

/** Every file of a field (or of every field, without `field`), as `UploadedFile` gives one; may be empty. */
export function UploadedFiles(field?: string, options: UploadManyOptions = {}): ParameterDecorator {
  return recordParam({ kind: 'files', name: field, options });
}

/** The text fields of a multipart/form-data request, validated by `schema` (422 with details). */
export function FormFields(schema?: ZodType): ParameterDecorator {
  return recordParam({ kind: 'fields', schema });
}
