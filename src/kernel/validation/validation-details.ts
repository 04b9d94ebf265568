import type { z } from 'zod';
import type { ValidationDetail } from '../errors/http-exception';

/** zod issues as the `details` of a 422, each path prefixed with where the value came from. */
export function validationDetails(source: string, issues: z.core.$ZodIssue[]): ValidationDetail[] {
  return issues.map((issue) => ({
    path: [source, ...issue.path.map(String)].join('.'),
    message: issue.message,
    code: issue.code,
  }));
}
