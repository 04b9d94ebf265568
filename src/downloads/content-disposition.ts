// RFC 6266: an ASCII fallback in `filename` and the exact name in `filename*` (RFC 5987).
const NOT_ASCII_SAFE = /[^\x20-\x7e]|["\\]/g;

/** `attachment` with `filename`, safe for any name (quotes, line breaks, non-ASCII). */
export function contentDisposition(filename: string): string {
  const name = filename.replace(/[\r\n]/g, ' ');
  const fallback = name.replace(NOT_ASCII_SAFE, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return fallback === name
    ? `attachment; filename="${name}"`
    : `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
