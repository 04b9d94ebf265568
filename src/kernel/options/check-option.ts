import type { z } from 'zod';
import { trellisError } from '../errors/trellis-errors';

type Issue = z.core.$ZodIssue;

function pathOf(root: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    root,
  );
}

// In a union (`false` or an object, say) the branch that got furthest tells what was meant.
function deepest(issue: Issue): { path: PropertyKey[]; message: string } {
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const branches = issue.errors.flatMap((issues) => issues.slice(0, 1)).map(deepest);
    const best = branches.reduce((a, b) => (b.path.length >= a.path.length ? b : a));
    return { path: [...issue.path, ...best.path], message: best.message };
  }
  return { path: issue.path, message: issue.message.replace(/^Invalid (input|option): /, '') };
}

/**
 * Checks `value` against `schema`; the first problem throws `TRELLIS_ERR_INVALID_OPTION` with
 * the option's path (`options.bodyLimit: expected string, received number`).
 */
export function checkOption(schema: z.ZodType, value: unknown, root: string): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const { path, message } = deepest(result.error.issues[0]);
  throw trellisError('TRELLIS_ERR_INVALID_OPTION', pathOf(root, path), message);
}
