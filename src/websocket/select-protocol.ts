/** The subprotocol a browser offers ahead of its token: `new WebSocket(url, ['bearer', token])`. */
export const BEARER_PROTOCOL = 'bearer';

/**
 * The subprotocol the server selects: `bearer` whenever offered, so a token offered beside it
 * is never echoed back as the selected protocol (and so never logged by the client's side);
 * otherwise the first one offered, as `ws` does by default.
 */
export function handleProtocols(protocols: Set<string>): string | false {
  if (protocols.has(BEARER_PROTOCOL)) return BEARER_PROTOCOL;
  for (const protocol of protocols) return protocol;
  return false;
}

/**
 * The token offered after `bearer` in `Sec-WebSocket-Protocol`, when the header offers one.
 * @example protocolToken('bearer, eyJhbGciOi...') // 'eyJhbGciOi...'
 */
export function protocolToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const offered = header.split(',').map((protocol) => protocol.trim());
  const at = offered.indexOf(BEARER_PROTOCOL);
  const token = at === -1 ? undefined : offered[at + 1];
  return token ? token : undefined;
}
