/** One file of a multipart request, already written to its sink when the handler runs. */
export interface UploadedFile {
  /** The form field it came in. */
  fieldName: string;
  /** The name the client gave it (no path). */
  filename: string;
  /** The MIME type the client declared for it. */
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
