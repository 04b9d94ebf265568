import { SAMPLE_ERROR_CODES as CODES } from '../error-codes';
import { MESSAGES } from '../messages';
import { type ListPage, listPage, mapPage } from '../paging/list-page';
import type { ListQuery } from '../paging/list-query';
import {
  type AuthenticatedUser,
  AuthService,
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  RbacService,
} from '../trellis';
import { permissionsForRole } from './role-permissions';
import { type NewUser, toUserSummary, type UserSummary } from './user';
import type { CreateUserInput, RegisterInput, UpdateUserInput } from './user-schemas';
import { UserSignup } from './user-signup';
import { UsernameTakenError } from './username-taken-error';
import { UsersRepository } from './users-repository';

const CHANGE_ROLE = 'users.change_role';

/** Users as the API manages them: registration, administration, and the rules on who may do what. */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly rbac: RbacService,
    private readonly auth: AuthService,
    private readonly signup: UserSignup,
  ) {}

  /** One page of users, offset or cursor as the query asks. */
  async list(query: ListQuery): Promise<ListPage<UserSummary>> {
    return mapPage(await listPage(query, this.users), toUserSummary);
  }

  /** The user with that id, or 404. */
  async get(id: number): Promise<UserSummary> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundException(MESSAGES.userNotFound);
    return toUserSummary(user);
  }

  /** A self-registered user: a viewer who may read tasks. */
  register(input: RegisterInput): Promise<UserSummary> {
    return this.store(input, 'viewer', permissionsForRole('viewer'));
  }

  /** A user created by `caller`, who may give neither a role above their own nor permissions they lack. */
  async create(input: CreateUserInput, caller: AuthenticatedUser): Promise<UserSummary> {
    this.assertMayAssignRole(caller, input.role);
    const permissions = input.permissions ?? permissionsForRole(input.role);
    if (input.permissions) this.assertHoldsPermissions(caller, permissions);
    return this.store(input, input.role, permissions);
  }

  /**
   * Changes a user; a role change needs `users.change_role` and resets permissions to the role's
   * unless given. A new role or new permissions end the user's sessions, so no token keeps the old ones.
   */
  async update(id: number, changes: UpdateUserInput, caller: AuthenticatedUser): Promise<UserSummary> {
    const target = await this.get(id);
    this.assertMayManage(caller, target.role);
    const newRole = changes.role !== undefined && changes.role !== target.role ? changes.role : undefined;
    if (newRole) {
      if (!this.rbac.hasPermissions(caller, [CHANGE_ROLE]))
        throw new ForbiddenException(MESSAGES.changeRoleNeeded, { code: CODES.PERMISSION_MISSING });
      this.assertMayAssignRole(caller, newRole);
    }
    if (changes.permissions) this.assertHoldsPermissions(caller, changes.permissions);
    const updated = await this.users.update(id, {
      email: changes.email,
      role: newRole,
      permissions: changes.permissions ?? (newRole ? permissionsForRole(newRole) : undefined),
    });
    if (!updated) throw new NotFoundException(MESSAGES.userNotFound);
    if (newRole || changes.permissions) await this.auth.revokeAllSessions(id);
    return toUserSummary(updated);
  }

  /** Deletes a user other than the caller, whose role is not above the caller's, and ends their sessions. */
  async remove(id: number, caller: AuthenticatedUser): Promise<void> {
    if (String(caller.id) === String(id))
      throw new BadRequestException(MESSAGES.deleteSelf, { code: CODES.CANNOT_DELETE_SELF });
    const target = await this.get(id);
    this.assertMayManage(caller, target.role);
    if (!(await this.users.delete(id))) throw new NotFoundException(MESSAGES.userNotFound);
    await this.auth.revokeAllSessions(id);
  }

  private async store(input: RegisterInput, role: string, permissions: string[]): Promise<UserSummary> {
    // A quick read spares the hashing in the common case; the UNIQUE constraint settles races.
    if (await this.users.findByUsername(input.username)) throw new ConflictException(MESSAGES.usernameTaken);
    const user: NewUser = {
      username: input.username,
      email: input.email,
      passwordHash: await this.auth.hashPassword(input.password),
      role,
      permissions,
    };
    try {
      // The hash is made first: the transaction holds the database only for the writes.
      return toUserSummary(await this.signup.create(user));
    } catch (err) {
      if (err instanceof UsernameTakenError) throw new ConflictException(MESSAGES.usernameTaken);
      throw err;
    }
  }

  // An unknown caller role ranks below everything, an unknown target role above: both refuse.
  private assertMayAssignRole(caller: AuthenticatedUser, role: string): void {
    if (this.rank(role, Number.POSITIVE_INFINITY) > this.rank(caller.role, Number.NEGATIVE_INFINITY))
      throw new ForbiddenException(MESSAGES.roleAboveOwn, { code: CODES.ROLE_ABOVE_OWN });
  }

  private assertMayManage(caller: AuthenticatedUser, targetRole: string): void {
    if (this.rank(targetRole, Number.POSITIVE_INFINITY) > this.rank(caller.role, Number.NEGATIVE_INFINITY))
      throw new ForbiddenException(MESSAGES.targetAboveOwn, { code: CODES.TARGET_ABOVE_OWN });
  }

  private rank(role: string, unknown: number): number {
    return this.rbac.levelOf(role) ?? unknown;
  }

  private assertHoldsPermissions(caller: AuthenticatedUser, permissions: string[]): void {
    if (!this.rbac.hasPermissions(caller, permissions))
      throw new ForbiddenException(MESSAGES.permissionsNotHeld, { code: CODES.PERMISSIONS_NOT_HELD });
  }
}
