import { isThenable } from '../../container/is-thenable';
import {
  type CallContext,
  compileGuards,
  type GuardCheck,
  type GuardMetadata,
  type GuardRegistry,
  type GuardSite,
  guardKinds,
  HTTPException,
  runGuards,
  selectChecks,
} from '../kernel';

/** Who may call a tool, resource or prompt, decided from its guards compiled once at `ready()`. */
export interface CallerVisibility {
  /** It has no guard: everyone may call it. */
  readonly everyone: boolean;
  /** Its guards refuse an anonymous call 401: a call without a valid bearer token is answered 401. */
  needsCaller(): boolean | Promise<boolean>;
  /** Whether `user` (undefined: an anonymous caller) passes its guards, as far as they tell without a request. */
  visibleTo(user: unknown): boolean | Promise<boolean>;
}

/** How a guard check ended for a caller: passed, refused with a status, or could not tell without a request. */
type Verdict = 'passed' | 401 | 403 | 'undecided';

const EVERYONE: CallerVisibility = { everyone: true, needsCaller: () => false, visibleTo: () => true };

function verdictOf(err: unknown): Verdict {
  if (err instanceof HTTPException && (err.statusCode === 401 || err.statusCode === 403))
    return err.statusCode;
  return 'undecided';
}

// The checks run in order through the kernel's one guard loop, as the call runs them: one may
// read what an earlier one left (the caller).
function judge(checks: readonly GuardCheck[], ctx: CallContext): Verdict | Promise<Verdict> {
  try {
    const pending = runGuards(checks, ctx);
    return pending ? pending.then((): Verdict => 'passed', verdictOf) : 'passed';
  } catch (err) {
    return verdictOf(err);
  }
}

const shown = (verdict: Verdict) => verdict === 'passed' || verdict === 'undecided';

/**
 * The visibility of a handler with these guards, judged against a context that holds only the
 * caller. An anonymous caller meets every guard, the authenticating one included (which lets it
 * through where authentication is optional), once: the verdict is the same for every request. A
 * caller authenticated for the whole MCP request meets the others (roles, permissions).
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
  const authorizing = selectChecks(checks, (index) => kinds[index] !== authenticator);
  let anonymous: Verdict | Promise<Verdict> | undefined;
  const anonymousVerdict = () => {
    anonymous ??= judge(checks, { transport: 'mcp', headers: {} });
    return anonymous;
  };
  const then = <T>(verdict: Verdict | Promise<Verdict>, map: (verdict: Verdict) => T) =>
    isThenable(verdict) ? verdict.then(map) : map(verdict);
  return {
    everyone: false,
    needsCaller: () => then(anonymousVerdict(), (verdict) => verdict === 401),
    visibleTo(user) {
      if (user === undefined) return then(anonymousVerdict(), shown);
      return then(judge(authorizing, { transport: 'mcp', headers: {}, user } as CallContext), shown);
    },
  };
}
