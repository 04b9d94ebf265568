import type { IncomingMessage, ServerResponse } from 'node:http';
import { cachedReader, isRead, sendBody } from '../../openapi';
import { pathOfUrl } from '../../routing';
import type { PagePolicy } from '../../security';
import { GRAPHIQL_FILES, locateGraphiqlFiles } from './graphiql-files';
import { graphiqlPage } from './graphiql-page';
import { GRAPHIQL_SCRIPT } from './graphiql-script';

const HTML = 'text/html; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
// The files change only with the installed packages.
const FILE_CACHE = 'public, max-age=86400';
/** Where the IDE's files are, under the GraphQL path. */
export const IDE_FOLDER = 'ide';

/** The GraphiQL IDE of a GraphQL endpoint: its page and the files the page loads. */
export interface GraphiqlIde {
  /** Answers a browser's GET (or HEAD) of the endpoint with the page; false leaves it to GraphQL. */
  page(req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): boolean;
  /** Answers a file of the IDE folder by name; an unknown name goes to `next`. */
  file(name: string, res: ServerResponse, next: (err?: unknown) => void): void;
}

/** Whether a request is a browser's GET or HEAD of a page. */
export function wantsHtml(req: IncomingMessage): boolean {
  return isRead(req) && (req.headers.accept ?? '').includes('text/html');
}

/** The URL path a request asked for, before any mount point took its prefix off. */
function requestedPath(req: IncomingMessage & { originalUrl?: string }): string {
  return pathOfUrl(req.originalUrl ?? req.url ?? '/');
}

/**
 * GraphiQL served from the installed graphiql, react and react-dom packages (and graphql-ws's
 * client for subscriptions, when installed), so no request leaves the machine; the files are
 * located once (at `ready()`) and read on first use.
 */
export function serveGraphiql(path: string, policy: PagePolicy): GraphiqlIde {
  const files = locateGraphiqlFiles();
  const read = cachedReader(files);
  const subscriptions = files.has('graphql-ws.min.js');
  const lastSegment = path.slice(path.lastIndexOf('/') + 1);
  const pages = {
    bare: graphiqlPage(`${lastSegment}/${IDE_FOLDER}/`, subscriptions),
    slash: graphiqlPage(`${IDE_FOLDER}/`, subscriptions),
  };
  const script = Buffer.from(GRAPHIQL_SCRIPT);
  return {
    page(req, res) {
      if (!wantsHtml(req)) return false;
      policy(res);
      sendBody(res, requestedPath(req).endsWith('/') ? pages.slash : pages.bare, HTML);
      return true;
    },
    file(name, res, next) {
      if (name === 'graphiql.js') return sendBody(res, script, JS);
      const file = read(name);
      if (!file) return next();
      file.then((body) => sendBody(res, body, GRAPHIQL_FILES[name].type, FILE_CACHE), next);
    },
  };
}
