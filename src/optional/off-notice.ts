import type { Logger } from 'pino';
import { installSpec } from '../kernel';
import { declaredRange, isInstalled } from './load-optional';

/**
 * What to say about a page that is off because packages are missing, or undefined when they are
 * all installed. Said once at start-up as a warning; the page's 404 answer says it again.
 */
export function offNotice(page: string, names: readonly string[], logger: Logger): string | undefined {
  const missing = names.filter((name) => !isInstalled(name));
  if (missing.length === 0) return undefined;
  const specs = missing.map((name) => installSpec({ name, feature: page, range: declaredRange(name) }));
  const listed = missing.map((name) => `'${name}'`).join(', ');
  const notice = `${page} is off: ${missing.length === 1 ? 'its package' : 'its packages'} ${listed} ${missing.length === 1 ? 'is' : 'are'} not installed (npm install ${specs.join(' ')})`;
  logger.warn(notice);
  return notice;
}
