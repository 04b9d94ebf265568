import type { ZodType } from 'zod';
import { recordParam } from '../decorators/params';
import type { FileParamOptions, UploadManyOptions, UploadOptions } from './upload-options';
import type { UploadedFile as ReceivedFile } from './uploaded-file';

/** One received file; the type shares the decorator's name, so `@UploadedFile('f') file: UploadedFile` reads as one. */
export interface UploadedFile extends ReceivedFile {}

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
