import type { ZodType } from 'zod';
import { type ContractRoute, zodSchema } from '../contract';
import type { InputIssue } from './contract-input-error';

const PARTS = ['params', 'query', 'body', 'headers'] as const;

/** The part of a call, e.g. `body`, as its schema would refuse it: one issue per failed check. */
function issuesOf(schema: ZodType, value: unknown, part: string): InputIssue[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join('.'),
    message: issue.message,
    code: issue.code,
  }));
}

/** Every issue of a call's parts against the route's schemas; none when the call may be sent. */
export function checkInput(route: ContractRoute, request: Record<string, unknown>): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const part of PARTS) {
    const schema = route[part];
    // The server reads an absent query, path or header set as an empty one.
    const value = request[part] ?? (part === 'body' ? undefined : {});
    if (schema) issues.push(...issuesOf(zodSchema(schema), value, part));
  }
  return issues;
}
