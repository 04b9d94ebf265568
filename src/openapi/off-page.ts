import type { Middleware } from '../engine/engine';
import { NotFoundException } from '../kernel';
import { pathOf } from './raw-response';

/** Answers `path` and what lies under it with a 404 saying why the page is off. */
export function offPage(path: string, notice: string): Middleware {
  return (req, _res, next) => {
    const requested = pathOf(req);
    if (requested === path || requested.startsWith(`${path}/`)) next(new NotFoundException(notice));
    else next();
  };
}
