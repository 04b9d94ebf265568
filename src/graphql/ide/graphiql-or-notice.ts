import { type ModuleHost, NotFoundException } from '../../kernel';
import { offNotice } from '../../optional';
import { pagePolicy } from '../../security';
import { IDE_PACKAGES } from './graphiql-files';
import { type GraphiqlIde, serveGraphiql, wantsHtml } from './serve-graphiql';

/** What a browser gets at the GraphQL path: the IDE, or a 404 saying why the IDE is off. */
export type IdePage = GraphiqlIde | Pick<GraphiqlIde, 'page'>;

/**
 * The IDE when `setting` is true, or undefined with its packages installed; with them missing
 * (and no setting), a browser's GET is answered 404 with the `npm install` line that turns it on,
 * as the start-up warning says. `false`: no IDE, and nothing said.
 */
export function graphiqlOrNotice(
  app: ModuleHost,
  path: string,
  setting: boolean | undefined,
): IdePage | undefined {
  if (setting === false) return undefined;
  const notice =
    setting === true ? undefined : offNotice(`The GraphQL IDE at ${path}`, IDE_PACKAGES, app.logger);
  if (notice === undefined) return serveGraphiql(path, pagePolicy(app.options.securityHeaders));
  return {
    page(req, _res, next) {
      if (!wantsHtml(req)) return false;
      next?.(new NotFoundException(notice));
      return true;
    },
  };
}
