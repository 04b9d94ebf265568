import { dirname, join, posix } from 'node:path';
import type { Middleware } from '../engine/engine';
import { MissingPackageError } from '../optional';
import { escapeMarkup, type PagePolicy } from '../security';
import { cachedReader } from './cached-reader';
import { isRead, pathOf, sendBody } from './raw-response';

const CSS = 'text/css; charset=utf-8';
const JS = 'text/javascript; charset=utf-8';
const HTML = 'text/html; charset=utf-8';
const PNG = 'image/png';

/** The files of swagger-ui-dist the page loads; nothing else of the package is reachable. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': CSS,
  'index.css': CSS,
  'swagger-ui-bundle.js': JS,
  'swagger-ui-standalone-preset.js': JS,
  'favicon-32x32.png': PNG,
  'favicon-16x16.png': PNG,
};
// The assets change only with the installed package.
const ASSET_CACHE = 'public, max-age=86400';

/** `base` makes asset links relative, so the page also works behind a proxy that adds a prefix. */
function page(title: string, base: string): Buffer {
  return Buffer.from(`<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <title>${escapeMarkup(title)}</title>
    <link rel="stylesheet" type="text/css" href="${base}swagger-ui.css" />
    <link rel="stylesheet" type="text/css" href="${base}index.css" />
    <link rel="icon" type="image/png" href="${base}favicon-32x32.png" sizes="32x32" />
    <link rel="icon" type="image/png" href="${base}favicon-16x16.png" sizes="16x16" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${base}swagger-ui-bundle.js" charset="UTF-8"></script>
    <script src="${base}swagger-ui-standalone-preset.js" charset="UTF-8"></script>
    <script src="${base}swagger-initializer.js" charset="UTF-8"></script>
  </body>
</html>
`);
}

/** Resolves the document's URL against the script's own, not the page's (`/docs` or `/docs/`). */
function initializer(documentUrl: string): Buffer {
  return Buffer.from(`(function () {
  var url = new URL(${JSON.stringify(documentUrl)}, document.currentScript.src).href;
  window.onload = function () {
    window.ui = SwaggerUIBundle({
      url: url,
      dom_id: '#swagger-ui',
      deepLinking: true,
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      plugins: [SwaggerUIBundle.plugins.DownloadUrl],
      layout: 'StandaloneLayout',
      // The online validator's badge would call validator.swagger.io.
      validatorUrl: null,
    });
  };
})();
`);
}

function distFolder(): string {
  try {
    return dirname(require.resolve('swagger-ui-dist/package.json'));
  } catch (cause) {
    throw new MissingPackageError(
      [{ name: 'swagger-ui-dist', feature: 'Swagger UI (openapi.ui: true)' }],
      cause,
    );
  }
}

/**
 * Serves Swagger UI at `path` (`/docs` and `/docs/`) from the installed swagger-ui-dist, so it
 * works offline; the page loads the document from `documentPath` and gets `policy` (its
 * Content-Security-Policy). GET and HEAD only.
 */
export function serveSwaggerUi(
  path: string,
  documentPath: string,
  title: string,
  policy: PagePolicy = () => {},
): Middleware {
  const folder = distFolder();
  const documentUrl = posix.relative(path, documentPath);
  const pages = { bare: page(title, `${posix.basename(path)}/`), slash: page(title, '') };
  const script = initializer(documentUrl);
  const read = cachedReader(new Map(Object.keys(ASSETS).map((name) => [name, join(folder, name)])));
  const prefix = `${path}/`;
  return (req, res, next) => {
    if (!isRead(req)) return next();
    const url = pathOf(req);
    if (url === path) {
      policy(res);
      return sendBody(res, pages.bare, HTML);
    }
    if (!url.startsWith(prefix)) return next();
    const name = url.slice(prefix.length);
    if (name === '') {
      policy(res);
      return sendBody(res, pages.slash, HTML);
    }
    if (name === 'swagger-initializer.js') return sendBody(res, script, JS);
    const file = read(name);
    if (!file) return next();
    file.then((body) => sendBody(res, body, ASSETS[name], ASSET_CACHE), next);
  };
}
