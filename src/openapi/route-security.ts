import { HTTP_STATUS } from '../errors/catalog';
import type { GuardMetadata } from '../metadata/types';

/** The security scheme guarded routes use: `Authorization: Bearer <access token>`. */
export const BEARER_AUTH = 'bearerAuth';

/** What a route's guards add to its operation. */
export interface RouteSecurity {
  /** Whether the route needs an access token. */
  bearer: boolean;
  /** The error statuses the guards answer with. */
  responses: number[];
  /** One sentence per requirement, for the operation's description. */
  notes: string[];
}

function quoted(names: readonly string[]): string {
  return names.map((name) => `'${name}'`).join(', ');
}

/**
 * Reads the guards of a route: `auth` needs a bearer token (401); the rbac kinds need one too
 * (rbac requires auth) and may refuse the caller (403), which the notes explain. Guard kinds of
 * other modules are named in the notes, since only their module knows what they check.
 */
export function routeSecurity(guards: readonly GuardMetadata[]): RouteSecurity {
  let bearer = false;
  let forbidden = false;
  const notes: string[] = [];
  const permissions = new Set<string>();
  for (const guard of guards) {
    if (guard.kind === 'auth') bearer = true;
    else if (guard.kind === 'minimumRole') {
      bearer = forbidden = true;
      notes.push(`Requires the role '${String(guard.options)}' or higher.`);
    } else if (guard.kind === 'permissions') {
      bearer = forbidden = true;
      for (const permission of guard.options as string[]) permissions.add(permission);
    } else notes.push(`Guarded by ${guard.label}.`);
  }
  if (permissions.size > 0)
    notes.push(`Requires the permission${permissions.size > 1 ? 's' : ''} ${quoted([...permissions])}.`);
  const responses: number[] = [];
  if (bearer) responses.push(HTTP_STATUS.UNAUTHORIZED);
  if (forbidden) responses.push(HTTP_STATUS.FORBIDDEN);
  return { bearer, responses, notes };
}
