import type { ResolverDescription } from '../inspect/app-description';
import { type Class, type GuardRegistry, guardKinds, metadataRegistry } from '../kernel';
import { GRAPHQL_FIELD } from './field-metadata';

const ROOT_TYPES: Record<string, string> = {
  query: 'Query',
  mutation: 'Mutation',
  subscription: 'Subscription',
};

/** The fields of the resolvers a built schema serves, as `app.inspect()` lists them. */
export function describeResolvers(
  resolvers: readonly Class[],
  registry: GuardRegistry,
): ResolverDescription[] {
  const described: ResolverDescription[] = [];
  for (const target of resolvers) {
    const meta = metadataRegistry.forClass(target);
    for (const method of meta.methods.values()) {
      const operation = method.get(GRAPHQL_FIELD)?.operation;
      if (!operation) continue;
      const root = ROOT_TYPES[operation];
      const handler = `${target.name}.${method.name}`;
      const field = root ? `${root}.${method.name}` : method.name;
      const guards = guardKinds([...meta.guards, ...method.guards], registry, handler);
      described.push({ operation, field, handler, guards });
    }
  }
  return described;
}
