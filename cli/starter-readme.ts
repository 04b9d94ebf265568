import { type Feature, STARTER_FEATURES, type StarterContext } from './features/index';

/** The project's README: how to run it, what it serves, and where each part is. */
export function starterReadme({ name, esm }: StarterContext, features: readonly Feature[]): string {
  const chosen = features.map((feature) => STARTER_FEATURES[feature]);
  const serves = ['/greetings/Ada', '/openapi.json', ...chosen.flatMap((feature) => feature.serves)];
  const docs = features.includes('docs')
    ? ''
    : '\nSwagger UI is not installed: `npm install swagger-ui-dist` and remove `ui: false` from\n`src/app.ts` to get it at `/docs` (or start with `trellis new <dir> --with docs`).\n';
  return `# ${name}

A Trellis application${esm ? ' (ES modules)' : ''}.

\`\`\`sh
npm install && npm start     # builds and serves on 127.0.0.1:3000 (PORT, HOST to change)
npm install && npm test      # builds and runs the mocha specs in spec/
\`\`\`

It serves ${serves.map((path) => `\`${path}\``).join(', ')}.
${docs}
- \`src/greetings.controller.ts\`: the routes; \`src/greeting.service.ts\`: an injectable service.
- \`src/app.ts\`: \`buildApp()\`, the controllers, providers and modules; \`src/main.ts\` serves them.
${chosen.flatMap((feature) => feature.readme).join('\n')}${chosen.length > 0 ? '\n' : ''}- \`spec/\`: mocha + chai + sinon; \`trellis/testing\` sends requests in process (\`app.inject\`) and
  replaces providers with stubs (\`app.override\`); \`spec/hooks.ts\` shows a test's logs only
  when it fails.
- \`tsconfig.json\` has the options Trellis needs: \`experimentalDecorators\` and
  \`emitDecoratorMetadata\`.
`;
}
