// Query parameters whose values are secrets (a WebSocket token, a reset code, an API key).
const SECRET_NAME = /token|password|passwd|secret|key|code|auth|session|cookie/i;

/** `url` with the value of every secret-looking query parameter replaced by `[Redacted]`. */
export function redactUrl(url: string | undefined): string | undefined {
  if (url === undefined) return url;
  const query = url.indexOf('?');
  if (query === -1) return url;
  const pairs = url.slice(query + 1).split('&');
  for (let i = 0; i < pairs.length; i++) {
    const equals = pairs[i].indexOf('=');
    const name = equals === -1 ? pairs[i] : pairs[i].slice(0, equals);
    let decoded = name;
    try {
      decoded = decodeURIComponent(name);
    } catch {
      // A malformed escape stays as it came: its name is tested undecoded.
    }
    if (equals !== -1 && SECRET_NAME.test(decoded)) pairs[i] = `${name}=[Redacted]`;
  }
  return `${url.slice(0, query)}?${pairs.join('&')}`;
}
