import type { GraphQLError, ValidationContext, ValidationRule } from 'graphql';
import { trellisError } from '../kernel';
import { loadOptional } from '../optional';

/**
 * Limits on what one GraphQL document may ask, checked before anything runs. Each is on by
 * default; a number changes it, `false` turns it off.
 */
export interface GraphqlLimits {
  /** Deepest field nesting (fragments followed); default 8. */
  depth?: number | false;
  /** Aliased fields per operation; default 15. */
  aliases?: number | false;
  /** Tokens in the document, counted by the parser as it reads; default 2000. */
  tokens?: number | false;
  /** graphql-armor's static cost (objects 2, scalars 1, times 1.5 per level); default 5000. */
  cost?: number | false;
}

/** The limits in force, after defaults. */
export interface ResolvedGraphqlLimits {
  depth: number | false;
  aliases: number | false;
  tokens: number | false;
  cost: number | false;
}

/** The defaults: roomy for real queries (and the IDE's introspection), tight against floods. */
export const DEFAULT_GRAPHQL_LIMITS: Readonly<ResolvedGraphqlLimits> = Object.freeze({
  depth: 8,
  aliases: 15,
  tokens: 2000,
  cost: 5000,
});

function limit(name: keyof GraphqlLimits, value: unknown, fallback: number | false): number | false {
  if (value === undefined) return fallback;
  if (value === false) return false;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return value;
  throw trellisError(
    'TRELLIS_ERR_INVALID_OPTION',
    `graphql.limits.${name}`,
    `must be a positive whole number or false (got ${String(value)})`,
  );
}

/** Checks `graphql.limits` and fills the defaults; throws on a malformed value. */
export function resolveGraphqlLimits(limits: GraphqlLimits | undefined): ResolvedGraphqlLimits {
  if (limits !== undefined && (typeof limits !== 'object' || limits === null))
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      'graphql.limits',
      'must be an object of depth, aliases, tokens and cost',
    );
  const given = limits ?? {};
  const d = DEFAULT_GRAPHQL_LIMITS;
  return {
    depth: limit('depth', given.depth, d.depth),
    aliases: limit('aliases', given.aliases, d.aliases),
    tokens: limit('tokens', given.tokens, d.tokens),
    cost: limit('cost', given.cost, d.cost),
  };
}

const FEATURE = 'GraphQL query limits (graphql.limits)';
const DEPTH = '@escape.tech/graphql-armor-max-depth';
const ALIASES = '@escape.tech/graphql-armor-max-aliases';
const COST = '@escape.tech/graphql-armor-cost-limit';

/** The graphql-armor packages (optional peers) the limits in force need. */
export function limitPackages(limits: ResolvedGraphqlLimits): string[] {
  const needed: [number | false, string][] = [
    [limits.depth, DEPTH],
    [limits.aliases, ALIASES],
    [limits.cost, COST],
  ];
  return needed.filter(([value]) => value !== false).map(([, name]) => name);
}

/**
 * graphql-armor's validation rules for the depth, alias and cost limits; loaded with Apollo, on
 * the first GraphQL request. Tokens are limited by graphql-js's own parser (`maxTokens`), which
 * stops reading a document as soon as it has too many, before anything is built from it.
 */
export function queryLimitRules(limits: ResolvedGraphqlLimits): ValidationRule[] {
  const rules: ValidationRule[] = [];
  // A refusal is reported as a validation error that names the limit (propagating would throw
  // out of validation, which Apollo answers with a 500).
  const quiet = {
    propagateOnRejection: false,
    exposeLimits: true,
    onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
  };
  if (limits.depth !== false) {
    const { maxDepthRule } = loadOptional<typeof import('@escape.tech/graphql-armor-max-depth')>(
      DEPTH,
      FEATURE,
    );
    rules.push(maxDepthRule({ ...quiet, n: limits.depth, ignoreIntrospection: true }));
  }
  if (limits.aliases !== false) {
    const { maxAliasesRule } = loadOptional<typeof import('@escape.tech/graphql-armor-max-aliases')>(
      ALIASES,
      FEATURE,
    );
    rules.push(maxAliasesRule({ ...quiet, n: limits.aliases }));
  }
  if (limits.cost !== false) {
    const { costLimitRule } = loadOptional<typeof import('@escape.tech/graphql-armor-cost-limit')>(
      COST,
      FEATURE,
    );
    rules.push(costLimitRule({ ...quiet, maxCost: limits.cost, ignoreIntrospection: true }));
  }
  return rules;
}
