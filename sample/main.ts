import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { config as loadDotenv } from 'dotenv';
import { ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from './config';
import { DEMO_USERNAMES, demoPasswordHashToSeed, seedsDemoUsers } from './database/demo-users';

// The entry of `npm start`: settings from the environment (and `.env`), then the sample app.
async function main(): Promise<void> {
  if (existsSync('.env')) loadDotenv({ path: '.env', quiet: true });
  const { config, warnings } = loadConfig();
  // A new database needs the demo users: their bcrypt hash (a third of a second at cost 12) starts
  // now, on a libuv thread, and is ready by the time the framework below has loaded.
  const demoPasswordHash = demoPasswordHashToSeed(config);
  const { createSampleApp } = await import('./create-sample-app');
  const app = createSampleApp(config, { demoPasswordHash });
  for (const warning of warnings) app.logger.warn(warning);

  const server = await app.listen(config.port, config.host);
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const base = `http://${host}:${port}`;
  // Only the published development default is ever printed; a password of one's own never is.
  const production = config.env === 'production';
  const password =
    !production && config.demoPassword === DEFAULT_DEMO_PASSWORD ? DEFAULT_DEMO_PASSWORD : '<DEMO_PASSWORD>';
  const demoUsers = seedsDemoUsers(config)
    ? `  Demo users ${DEMO_USERNAMES.join(', ')}, all with that password (settings: .env.example)`
    : '  Demo users not created: in production set DEMO_PASSWORD to a password of your own';
  console.log(
    [
      '',
      `Trellis sample is running (${config.engine}, ${config.env}, database ${config.databaseFile ?? 'PostgreSQL'})`,
      `  API        ${base}  (a page linking what follows)`,
      `  Docs       ${base}/docs`,
      `  GraphQL    ${base}/graphql${production ? '' : '  (GraphiQL in a browser)'}`,
      `  WebSocket  ws://${host}:${port}/chat?token=<accessToken>`,
      `  Log in     POST ${base}/auth/login  {"username":"admin","password":"${password}"}`,
      demoUsers,
      '',
    ].join('\n'),
  );

  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.logger.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((err) => {
  if (err instanceof ConfigError) console.error(err.message);
  else console.error('The sample failed to start:', err);
  process.exit(1);
});
