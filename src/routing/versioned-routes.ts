import type { Logger } from 'pino';
import type { ResponseWriter } from '../http/response-writer';
import { NotFoundException } from '../kernel';
import { requestedVersionReader } from '../versioning/requested-version';
import type { VersioningOptions } from '../versioning/versioning-options';
import type { CompiledRoute } from './compiled-route';
import { routeShape } from './route-path';
import { writeError } from './write-response';

/**
 * With header or media-type versioning, the routes of one method and path that differ by version
 * become one route that picks by the version asked (a neutral one when none matches); no match
 * is a 404, as for a path nobody serves.
 */
export function dispatchByVersion(
  routes: CompiledRoute[],
  options: VersioningOptions,
  writer: ResponseWriter,
  logger: Logger,
): CompiledRoute[] {
  const groups = new Map<string, CompiledRoute[]>();
  for (const route of routes) {
    const key = `${route.method} ${routeShape(route.path)}`;
    const group = groups.get(key);
    if (group) group.push(route);
    else groups.set(key, [route]);
  }
  const read = requestedVersionReader(options);
  const dispatched: CompiledRoute[] = [];
  for (const group of groups.values()) {
    if (group.every((route) => route.version === undefined)) {
      dispatched.push(...group);
      continue;
    }
    const byVersion = new Map(group.filter((r) => r.version !== undefined).map((r) => [r.version, r]));
    const neutral = group.find((route) => route.version === undefined);
    const first = group[0];
    const errorBody = (neutral ?? first).errorBody;
    dispatched.push({
      ...first,
      readsBody: group.some((route) => route.readsBody),
      variants: group,
      handle(ctx) {
        const asked = read(ctx);
        const route = (asked === undefined ? undefined : byVersion.get(asked)) ?? neutral;
        if (route) return route.handle(ctx);
        writeError(
          writer,
          ctx,
          new NotFoundException(`No version ${asked ?? '(none)'} of ${ctx.method} ${first.path}`),
          logger,
          errorBody,
        );
      },
    });
  }
  return dispatched;
}
