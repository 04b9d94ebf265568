/** What `Resource()` takes besides the URI. */
export interface ResourceOptions {
  /** The resource's (or template's) name (default: the method's name). */
  name?: string;
  /** A human-readable title. */
  title?: string;
  /** What it holds, for the model. */
  description?: string;
  /** The MIME type of its contents (default `text/plain` for text, `application/octet-stream` for bytes). */
  mimeType?: string;
}
