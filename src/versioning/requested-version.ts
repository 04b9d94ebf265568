import type { RequestContext } from '../http/request-context';

import type { VersioningOptions } from './versioning-options';

/** Reads the version a request asks for, by header or `Accept` parameter; chosen once at `ready()`. */
export function requestedVersionReader(
  options: VersioningOptions,
): (ctx: RequestContext) => string | undefined {
  if (options.type === 'header') {
    const name = options.header.toLowerCase();
    return (ctx) => {
      const value = ctx.headers[name];
      return typeof value === 'string' && value !== '' ? value.trim() : undefined;
    };
  }
  const key = options.type === 'media-type' ? options.key : '';
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`;\\s*${escaped}([^;,\\s]+)`);
  return (ctx) => {
    const accept = ctx.headers.accept;
    return typeof accept === 'string' ? pattern.exec(accept)?.[1] : undefined;
  };
}
