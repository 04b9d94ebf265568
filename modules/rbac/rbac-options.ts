import type { RbacMessages } from './rbac-messages';

/** A role and its rank: `MinimumRole(name)` admits every role whose level is at least this one's. */
export interface Role {
  /** Its name, as users and guards give it. */
  name: string;
  /** Its rank: `MinimumRole(r)` passes from the level of `r` up. */
  level: number;
  /** What the role is for. */
  description: string;
}

/** What `app.install('rbac', options)` takes: every role and every permission routes may name. */
export interface RbacOptions {
  /** The roles, ranked by level. */
  roles: readonly Role[];
  /** Every permission a guard or a user may name. */
  permissions: readonly string[];
  /** Texts to answer clients with instead of the defaults (`RBAC_MESSAGES`), any of them. */
  messages?: Partial<RbacMessages>;
}
