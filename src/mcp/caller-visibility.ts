import { isThenable } from '../../container/is-thenable';
import type { CallContext } from '../kernel/call-context';
import { HTTPException } from '../kernel/errors/http-exception';
import { compileGuards, guardKinds } from '../kernel/guards/compile-guards';
import type { GuardRegistry, GuardSite } from '../kernel/guards/guard-registry';
import type { GuardMetadata } from '../kernel/metadata/types';

/** Who may call a tool, resource or prompt, decided from its guards once at `ready()`. */
export interface CallerVisibility {
  /** Its guards authenticate the caller: a call without a valid bearer token is refused (401). */
  needsCaller: boolean;
  /** Whether `user` (undefined: an anonymous caller) passes its guards, as far as they tell without a request. */
  visibleTo(user: unknown): boolean | Promise<boolean>;
}

const EVERYONE: CallerVisibility = { needsCaller: false, visibleTo: () => true };

// A guard refuses with 401 or 403; anything else (a guard that needs a request to decide) is no
// refusal, and the call itself will tell.
function refuses(err: unknown): boolean {
  return err instanceof HTTPException && (err.statusCode === 401 || err.statusCode === 403);
}

/**
 * The visibility of a handler with these guards: the authenticating guard is left out (the caller
 * was authenticated once for the whole MCP request), the others run against a context holding only
 * the caller, so that roles and permissions decide what `tools/list` shows.
 */
export function callerVisibility(
  declared: readonly GuardMetadata[],
  registry: GuardRegistry,
  site: GuardSite,
): CallerVisibility {
  if (declared.length === 0) return EVERYONE;
  const where = `${site.className}.${site.methodName}`;
  const kinds = guardKinds(declared, registry, where);
  const checks = compileGuards([...declared], registry, site);
  const authenticator = registry.authenticator()?.kind;
  const needsCaller = authenticator !== undefined && kinds.includes(authenticator);
  const others = checks.filter((_check, index) => kinds[index] !== authenticator);
  return {
    needsCaller,
    visibleTo(user) {
      if (needsCaller && user === undefined) return false;
      const ctx = { transport: 'mcp', headers: {}, user } as CallContext;
      // In order, as the call runs them: one check may read what an earlier one left.
      const from = (first: number): boolean | Promise<boolean> => {
        for (let index = first; index < others.length; index++) {
          let outcome: unknown;
          try {
            outcome = others[index](ctx);
          } catch (err) {
            return !refuses(err);
          }
          if (isThenable(outcome))
            return Promise.resolve(outcome).then(
              () => from(index + 1),
              (err) => !refuses(err),
            );
        }
        return true;
      };
      return from(0);
    },
  };
}
