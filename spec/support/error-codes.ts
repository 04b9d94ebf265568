import { readFileSync } from 'node:fs';
import { TRELLIS_ERRORS } from '../../index';
import { frameworkSources } from './source-files';

/**
 * The codes of the classes the framework makes with `createError` (or, in the client, which loads
 * nothing of the server, declares as a field), read from the sources, since each class is defined
 * beside the code that throws it rather than in one object.
 */
export function createdErrorCodes(): string[] {
  const codes = frameworkSources().flatMap((file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /(?:createError\(\s*|readonly code = )'(TRELLIS_ERR_[A-Z0-9_]+)'/g,
      ),
    ].map((match) => match[1]),
  );
  return [...new Set(codes)];
}

/** Every `TRELLIS_ERR_*` code: the templates `TRELLIS_ERRORS` gathers, then the `createError` classes'. */
export function everyErrorCode(): string[] {
  return [...Object.keys(TRELLIS_ERRORS), ...createdErrorCodes()];
}
