import type { IncomingMessage } from 'node:http';
import { ForbiddenException } from '../kernel';
import type { DevtoolsOptions } from './devtools-options';
import { isLoopback } from './loopback';

/** Why the page refuses `req`'s client (beyond loopback without `allowRemote`), or undefined. */
export function clientRefusal(req: IncomingMessage, options: DevtoolsOptions): Error | undefined {
  if (options.allowRemote || isLoopback(req.socket.remoteAddress)) return undefined;
  return new ForbiddenException(
    'The devtools page answers this machine only (devtools: { allowRemote: true } to open it)',
    { code: 'DEVTOOLS_LOOPBACK_ONLY' },
  );
}

// A page of another origin can send a POST a browser does not preflight (a form, a no-cors
// fetch): browsers name where it comes from in Origin and Sec-Fetch-Site; a client that is no
// browser page (curl, a test) sends neither.
function fromThisOrigin(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Why an action (a POST) is refused: the client's address, or a page of another origin sent it. */
export function actionRefusal(req: IncomingMessage, options: DevtoolsOptions): Error | undefined {
  const refused = clientRefusal(req, options);
  if (refused) return refused;
  if (fromThisOrigin(req)) return undefined;
  return new ForbiddenException(
    "The devtools page's actions are taken from the page itself, not from another origin",
    {
      code: 'DEVTOOLS_CROSS_ORIGIN',
    },
  );
}
