import type { UploadSink } from './upload-options';

/** How one file field is received, compiled from its decorator's options. */
export interface FieldRule {
  maxBytes: number;
  maxFiles: number;
  accepts: (mimeType: string) => boolean;
  sink?: UploadSink;
  required: boolean;
}

/** Everything a route's multipart body is held to, compiled once at `ready()`. */
export interface UploadPlan {
  /** File fields by name. */
  fields: Map<string, FieldRule>;
  /** The rule of any other field, when `UploadedFiles()` takes every field's files. */
  anyField?: FieldRule;
  /** Files in the whole request. */
  maxFiles: number;
  /** Largest file of any field. */
  maxBytes: number;
  /** Text fields: how many, and the largest, in bytes. */
  maxFields: number;
  maxFieldBytes: number;
}

/** The defaults a route's options start from. */
export const UPLOAD_DEFAULTS = {
  maxBytes: 10 * 1024 * 1024,
  maxFiles: 10,
  maxFields: 100,
  maxFieldBytes: 64 * 1024,
} as const;
