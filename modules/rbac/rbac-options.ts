import type { RbacMessages } from './rbac-messages';

/** A role and its rank: `MinimumRole(name)` admits every role whose level is at least this one's. */
export interface Role {
  name: string;
  level: number;
  description: string;
}

/** What `app.install('rbac', options)` takes: every role and every permission routes may name. */
export interface RbacOptions {
  roles: readonly Role[];
  permissions: readonly string[];
  /** Texts to answer clients with instead of the defaults (`RBAC_MESSAGES`), any of them. */
  messages?: Partial<RbacMessages>;
}
