import { type GuardDocs, type GuardMetadata, HTTP_STATUS } from '../kernel';

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

interface DocumentedKind {
  docs: GuardDocs;
  options: unknown[];
}

// Guards of one kind (on the class and on the method) are described together, as they are checked,
// in the order the kinds first appear on the route.
function byKind(guards: readonly GuardMetadata[]): Map<string, DocumentedKind> {
  const kinds = new Map<string, DocumentedKind>();
  for (const guard of guards) {
    if (!guard.docs) continue;
    const entry = kinds.get(guard.kind) ?? { docs: guard.docs, options: [] };
    if (guard.options !== undefined) entry.options.push(guard.options);
    kinds.set(guard.kind, entry);
  }
  return kinds;
}

/**
 * Reads the guards of a route through what their decorators recorded for the docs: bearer
 * security (and 401), the statuses they refuse with, and sentences about what they require. A guard
 * recorded without docs is named in the notes, since only its module knows what it checks.
 */
export function routeSecurity(guards: readonly GuardMetadata[]): RouteSecurity {
  let bearer = false;
  const statuses = new Set<number>();
  const notes: string[] = [];
  const kinds = byKind(guards);
  for (const guard of guards) {
    if (!guard.docs) {
      notes.push(`Guarded by ${guard.label}.`);
      continue;
    }
    const kind = kinds.get(guard.kind);
    if (!kind) continue; // described with the first guard of its kind
    kinds.delete(guard.kind);
    const { docs, options } = kind;
    if (docs.security === 'bearer') bearer = true;
    for (const status of docs.responses ?? []) statuses.add(status);
    if (docs.notes) notes.push(...docs.notes(options));
  }
  if (bearer) statuses.add(HTTP_STATUS.UNAUTHORIZED);
  return { bearer, responses: [...statuses].sort((a, b) => a - b), notes };
}
