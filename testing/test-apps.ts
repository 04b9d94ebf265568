import pino from 'pino';
import type { Application } from '../src/app/application';
import { createApp } from '../src/app/create-app';
import { capturingDefaultLogs } from '../src/logging/logger';
import type { AppOptions } from '../src/options/app-options';

const open = new Set<Application>();

/**
 * `createApp` for a test: logs nothing unless given a logger (under `quietLogs()`, its lines are
 * kept and shown if the test fails), and is closed by `closeTestApps()`.
 * @example const app = createTestApp({ controllers: [TasksController] });
 */
export function createTestApp(options: AppOptions = {}): Application {
  const app = createApp({
    ...(capturingDefaultLogs() ? {} : { logger: pino({ level: 'silent' }) }),
    ...options,
  });
  open.add(app);
  return app;
}

/**
 * Closes every app `createTestApp` made since the last call (servers, gateways, stores), so
 * no test leaks into the next one; use it as `afterEach(closeTestApps)`.
 */
export async function closeTestApps(): Promise<void> {
  const apps = [...open];
  open.clear();
  await Promise.all(apps.map((app) => app.close()));
}
