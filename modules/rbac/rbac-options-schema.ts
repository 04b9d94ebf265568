import { z } from 'zod';
import { messagesSchema } from '../../src/kernel';
import { RBAC_MESSAGES } from './rbac-messages';

function listedOnce<T>(name: (item: T) => string, what: string) {
  return (items: readonly T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(name(item)))
        ctx.addIssue({ code: 'custom', message: `${what} '${name(item)}' is listed twice` });
      seen.add(name(item));
    }
  };
}

/** The shape of `app.install('rbac', options)`, checked at install. */
export const RBAC_OPTIONS_SCHEMA = z.object({
  roles: z
    .array(z.looseObject({ name: z.string().min(1), level: z.number().finite() }))
    .superRefine(listedOnce((role: { name: string }) => role.name, 'role')),
  permissions: z
    .array(z.string().min(1))
    .superRefine(listedOnce((permission: string) => permission, 'permission')),
  messages: messagesSchema(RBAC_MESSAGES),
});
