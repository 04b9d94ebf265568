/** `http://host:port`, an IPv6 host in brackets. */
export function servedUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
