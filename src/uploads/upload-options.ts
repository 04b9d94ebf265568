import type { Readable } from 'node:stream';
import type { AppContainer } from '../../container/app-container';

/** What a sink is told of a file before its bytes arrive. */
export interface UploadInfo {
  /** The form field it came in. */
  fieldName: string;
  /** The name the client gave it. */
  filename: string;
  /** The MIME type the client declared. */
  mimeType: string;
}

/**
 * Where a file's bytes go instead of a temporary file (object storage, say): it reads `stream`
 * to the end and resolves to what the handler gets as `file.stored`. If the upload fails
 * (limit, abort), `stream` errors, and what the sink stored is the application's to remove.
 */
export type UploadSink = (stream: Readable, info: UploadInfo) => Promise<unknown>;

/** The limits of one file field (`UploadedFile(field, options)`). */
export interface UploadOptions {
  /**
   * Largest file in bytes; past it the answer is 413. Default 10 MiB. A function is called once,
   * at `ready()`, with the application's container (a limit from the configuration).
   */
  maxBytes?: number | ((container: AppContainer) => number);
  /** MIME types allowed (`image/png`, or `image/*`); another is 415. Default any. */
  mimeTypes?: readonly string[];
  /** Where the bytes go; default a temporary file. */
  sink?: UploadSink;
}

/** The limits of a field that takes several files (`UploadedFiles(field, options)`). */
export interface UploadManyOptions extends UploadOptions {
  /** Most files in the field; one more is 413. Default 10. */
  maxFiles?: number;
}

/** What a file parameter recorded. */
export interface FileParamOptions extends UploadManyOptions {
  /** `UploadedFile`: the field must hold a file (else 422). */
  required?: boolean;
}

/** Upload settings of an application (`createApp({ uploads: {...} })`). */
export interface UploadModuleOptions {
  /** Multipart requests one client address may have in progress at once; one more is a 429. Default 8. */
  maxConcurrentPerClient?: number;
}

/** The default of `uploads.maxConcurrentPerClient`. */
export const DEFAULT_UPLOADS_PER_CLIENT = 8;
