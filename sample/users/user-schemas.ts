import { z } from 'zod';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../trellis';

const roleNames = REFERENCE_ROLES.map((role) => role.name) as [string, ...string[]];

// bcrypt reads at most 72 bytes; a longer password would be silently cut, so it is refused.
const BCRYPT_MAX_BYTES = 72;

/** A password as the sample accepts it: 6 characters at least, 72 bytes at most. */
export const PasswordSchema = z
  .string()
  .min(6)
  .refine((password) => Buffer.byteLength(password) <= BCRYPT_MAX_BYTES, {
    message: `Too big: expected at most ${BCRYPT_MAX_BYTES} bytes`,
  });

/** A username: 3 to 50 letters, digits, `_`, `.` or `-`. */
export const UsernameSchema = z
  .string()
  .min(3)
  .max(50)
  .regex(/^[A-Za-z0-9_.-]+$/, 'Only letters, digits, "_", "." and "-"');

/** One of the reference roles. */
export const RoleSchema = z.enum(roleNames);

/** A list of reference permissions. */
export const PermissionListSchema = z.array(z.enum(REFERENCE_PERMISSIONS as [string, ...string[]])).max(100);

/** `POST /auth/register`. */
export const RegisterSchema = z.object({
  username: UsernameSchema,
  email: z.email().max(254),
  password: PasswordSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** `POST /users`: permissions default to those of the role. */
export const CreateUserSchema = RegisterSchema.extend({
  role: RoleSchema,
  permissions: PermissionListSchema.optional(),
});
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

/** `PUT /users/:id`: at least one field. */
export const UpdateUserSchema = z
  .object({
    email: z.email().max(254).optional(),
    role: RoleSchema.optional(),
    permissions: PermissionListSchema.optional(),
  })
  .strict()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    message: 'Nothing to update: give email, role or permissions',
  });
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

/** A user id in a path. */
export const UserIdSchema = z.coerce.number().int().positive();

/** A user as responses show it. */
export const UserSummarySchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    role: z.string(),
    permissions: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'User' });
