/**
 * Parts of query parameter names whose values are redacted in the access log (a WebSocket token, a
 * reset code, an API key, a signed URL's signature, a one-time password). A name matches when it
 * contains one of them, whatever its case: `access_token`, `X-Amz-Signature`, `pwdHash`. Erring
 * wide costs a redacted harmless value; erring narrow writes a credential to every log store.
 */
export const SECRET_QUERY_NAME_PARTS: readonly string[] =
  'token pass pwd secret key code auth session cookie jwt bearer sig otp credential nonce hmac ticket saml'.split(
    ' ',
  );

const SECRET_NAME = new RegExp(SECRET_QUERY_NAME_PARTS.join('|'), 'i');

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
