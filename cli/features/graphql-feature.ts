import type { StarterFeature } from './starter-feature';

/** A GraphQL query over the same service, with the GraphiQL IDE in development. */
export const graphqlFeature: StarterFeature = {
  dependencies: [
    '@apollo/server',
    '@escape.tech/graphql-armor-cost-limit',
    '@escape.tech/graphql-armor-max-aliases',
    '@escape.tech/graphql-armor-max-depth',
    'graphiql',
    'react',
    'react-dom',
  ],
  imports: ({ rel }) => [`import { GreetingsResolver } from '${rel('./greetings.resolver')}';`],
  classes: { resolvers: ['GreetingsResolver'] },
  files: ({ rel }) => ({
    'src/greetings.resolver.ts': `import { Arg, Query, Resolver } from 'trellis';
import { z } from 'zod';
import { GreetingService } from '${rel('./greeting.service')}';

/** GraphQL at /graphql: the schema is built from these zod schemas. */
@Resolver()
export class GreetingsResolver {
  constructor(private readonly greetings: GreetingService) {}

  @Query(z.string())
  greeting(@Arg('name', z.string().min(1).max(50)) name: string): string {
    return this.greetings.greet(name);
  }
}
`,
    'spec/greetings.resolver.spec.ts': `import { expect } from 'chai';
import { closeTestApps, createTestApp } from 'trellis/testing';
import { buildApp } from '${rel('../src/app')}';

describe('GraphQL greeting', () => {
  afterEach(() => closeTestApps());

  const query = (query: string) =>
    buildApp(createTestApp).inject({ method: 'POST', url: '/graphql', body: { query } });

  it('answers a query with what the greeting service says', async () => {
    const res = await query('{ greeting(name: "Ada") }');
    expect(res.statusCode).to.equal(200);
    expect(res.json()).to.deep.equal({ data: { greeting: 'Hello, Ada!' } });
  });

  it('refuses an argument that fails its schema, without calling the service', async () => {
    const res = await query(\`{ greeting(name: "\${'a'.repeat(51)}") }\`);
    expect(res.json().errors[0].extensions.code).to.equal('BAD_USER_INPUT');
  });
});
`,
  }),
  readme: [
    '- `src/greetings.resolver.ts`: GraphQL at `/graphql` (POST `{ greeting(name: "Ada") }`); a browser there gets the GraphiQL IDE in development.',
  ],
  serves: ['/graphql'],
};
