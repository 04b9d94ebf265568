import type { StarterFeature } from './starter-feature';

/** Swagger UI at /docs, over the OpenAPI document every app serves at /openapi.json. */
export const docsFeature: StarterFeature = {
  dependencies: ['swagger-ui-dist'],
  imports: () => [],
  classes: {},
  files: ({ rel }) => ({
    'spec/docs.spec.ts': `import { expect } from 'chai';
import { closeTestApps, createTestApp } from 'trellis/testing';
import { buildApp } from '${rel('../src/app')}';

describe('the API docs', () => {
  afterEach(() => closeTestApps());

  it('serves Swagger UI at /docs and the OpenAPI document it shows', async () => {
    const app = buildApp(createTestApp);
    const page = await app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).to.equal(200);
    expect(page.headers['content-type']).to.match(/^text\\/html/);
    const document = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.paths).to.have.property('/greetings/{name}');
  });
});
`,
  }),
  readme: ['- `/docs`: Swagger UI (the `swagger-ui-dist` package) over `/openapi.json`.'],
  serves: ['/docs'],
};
