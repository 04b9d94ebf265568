import { checkOption, type MessageLanguage, resolveMessages } from '../../src/kernel';
import type { AuthenticatedUser } from '../auth';
import { rbacError } from './rbac-errors';
import { RBAC_MESSAGES, RBAC_MESSAGES_EN, type RbacMessages } from './rbac-messages';
import type { RbacOptions, Role } from './rbac-options';
import { RBAC_OPTIONS_SCHEMA } from './rbac-options-schema';

type Caller = Pick<AuthenticatedUser, 'role' | 'permissions'>;

function checked(options: RbacOptions): { levels: Map<string, number>; known: Set<string> } {
  checkOption(RBAC_OPTIONS_SCHEMA, options, 'rbac');
  return {
    levels: new Map(options.roles.map((role) => [role.name, role.level])),
    known: new Set(options.permissions),
  };
}

/**
 * Role levels and permission checks, each a lookup. Bound in the container by the rbac module.
 * @example rbac.hasMinimumRole(user, 'manager') && rbac.hasPermissions(user, ['tasks.assign'])
 */
export class RbacService {
  /** The configured roles. */
  readonly roles: readonly Role[];
  /** The configured permissions. */
  readonly permissions: readonly string[];
  /** The texts the rbac guards answer with: the defaults, with those the options replace. */
  readonly messages: Readonly<RbacMessages>;
  private readonly levels: Map<string, number>;
  private readonly known: Set<string>;
  // One Set per user object, built on its first check: within a request every check is O(1).
  private readonly granted = new WeakMap<object, ReadonlySet<string>>();

  constructor(options: RbacOptions, language: MessageLanguage = 'es') {
    const { levels, known } = checked(options);
    this.levels = levels;
    this.known = known;
    this.roles = [...options.roles];
    this.permissions = [...options.permissions];
    this.messages = resolveMessages<RbacMessages>(
      language === 'en' ? RBAC_MESSAGES_EN : RBAC_MESSAGES,
      options.messages,
    );
  }

  /** The level of a role, undefined for a role not configured. */
  levelOf(role: string): number | undefined {
    return this.levels.get(role);
  }

  /** Whether `permission` is one of the configured permissions. */
  isPermission(permission: string): boolean {
    return this.known.has(permission);
  }

  /** Whether the caller's role level is at least that of `role` (a configured role). */
  hasMinimumRole(user: Caller, role: string): boolean {
    const required = this.levelOf(role);
    if (required === undefined)
      throw rbacError('TRELLIS_ERR_UNKNOWN_ROLE', role, this.roles.map((r) => r.name).join(', '));
    return this.meetsLevel(user, required);
  }

  /** Whether the caller holds every one of `permissions` (configured permissions). */
  hasPermissions(user: Caller, permissions: Iterable<string>): boolean {
    const granted = this.grantedTo(user);
    for (const permission of permissions) {
      if (!this.known.has(permission)) throw rbacError('TRELLIS_ERR_UNKNOWN_PERMISSION', `'${permission}'`);
      if (!granted.has(permission)) return false;
    }
    return true;
  }

  /** Whether the caller's role reaches `level`; an unknown caller role reaches nothing. */
  meetsLevel(user: Caller, level: number): boolean {
    const own = this.levels.get(user.role);
    return own !== undefined && own >= level;
  }

  /** The caller's permissions as a Set, built once per user object. */
  grantedTo(user: Caller): ReadonlySet<string> {
    let granted = this.granted.get(user);
    if (!granted) {
      granted = new Set(Array.isArray(user.permissions) ? user.permissions : []);
      this.granted.set(user, granted);
    }
    return granted;
  }
}
