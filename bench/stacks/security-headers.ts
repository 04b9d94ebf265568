// The twelve headers Trellis sends by default (helmet 8's defaults, the same helmet version),
// asked of helmet once and kept in one object: what a hand-written server that sends the same
// headers as Trellis would write.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

function recordHelmetHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name] = value;
    },
    removeHeader: () => {},
  };
  helmet()({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return Object.freeze(headers);
}

/** helmet's default headers, name to value, built once. */
export const SECURITY_HEADERS = recordHelmetHeaders();
