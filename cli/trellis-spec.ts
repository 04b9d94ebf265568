import { isAbsolute, resolve } from 'node:path';

// A version, a range, a tag or a URL is kept; what npm would read as a path is made absolute,
// since the project's package.json is read from another folder than the command was run in.
const PATH_LIKE = /^(file:|\.{1,2}[\\/]|~[\\/]|[\\/])|\.(tgz|tar\.gz)$/;

/** The dependency spec of trellis to write: relative paths resolved against `cwd`. */
export function trellisSpec(spec: string, cwd = process.cwd()): string {
  if (!PATH_LIKE.test(spec) || /^[a-z]+:\/\//i.test(spec)) return spec;
  const path = spec.startsWith('file:') ? spec.slice('file:'.length) : spec;
  return `file:${isAbsolute(path) ? path : resolve(cwd, path)}`;
}
