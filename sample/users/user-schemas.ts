import { z } from 'zod';
// Straight from the data files, not the framework entry: the contract reaches these schemas, and
// a client project imports the contract without the server.
import { REFERENCE_PERMISSIONS } from '../../modules/reference/reference-permissions';
import { REFERENCE_ROLES } from '../../modules/reference/reference-roles';

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
  username: UsernameSchema.describe('3 to 50 letters, digits, "_", "." or "-"; unique regardless of case'),
  email: z.email().max(254).describe('The e-mail address'),
  password: PasswordSchema.describe('6 characters at least, 72 bytes at most'),
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** `POST /users`: permissions default to those of the role. */
export const CreateUserSchema = RegisterSchema.extend({
  role: RoleSchema.describe('At most your own role'),
  permissions: PermissionListSchema.optional().describe("Default: the role's permissions"),
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
    id: z.number().int().describe('The user id'),
    username: z.string().describe('The username'),
    email: z.string().describe('The e-mail address'),
    role: z.string().describe('The role'),
    permissions: z.array(z.string()).describe('What the user may do besides what the role allows'),
    createdAt: z.iso.datetime().describe('When the user was created (ISO time)'),
  })
  .meta({ id: 'User', description: 'A user, without password or hash' });

/** The caller, as `/auth/me` and the GraphQL `me` show it. */
export const MeSchema = UserSummarySchema.omit({ createdAt: true }).meta({
  id: 'Me',
  description: 'The caller, as the database has it now',
});

/** An answer that only says what happened. */
export const MessageSchema = z
  .object({ message: z.string().describe('What happened, for people') })
  .meta({ id: 'Message', description: 'A confirmation' });

/** `POST /auth/register`, `POST /users`, `PUT /users/:id`: what happened and the user now. */
export const UserResultSchema = MessageSchema.extend({
  user: UserSummarySchema.partial({ createdAt: true }).describe('The user'),
}).meta({ id: 'UserResult', description: 'A confirmation and the user' });
