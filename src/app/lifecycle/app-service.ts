/**
 * When a service starts: `'ready'` for what the application needs before it answers anything
 * (connections, migrations, tables), `'serve'` for background work (job workers, schedules,
 * purges, subscriptions), which begins only once the application serves.
 */
export type ServiceStage = 'ready' | 'serve';

/**
 * A part of the application that holds something outside the process: a connection, a worker,
 * a timer. Every feature and module starts and stops its own through this one shape, so that
 * `close()` can stop them all under one deadline and a failing one never keeps the rest running.
 */
export interface AppService {
  /** Named in logs when it fails to start or stop. */
  readonly name: string;
  /** When it starts (default `'serve'`). */
  readonly stage?: ServiceStage;
  /** Starts it: `ready()` awaits the `'ready'` ones, `start()` (listen, inject) the `'serve'` ones. */
  start?(): void | Promise<void>;
  /**
   * Stops it by `deadline` (epoch milliseconds): work in flight past it is abandoned, never
   * started. Only a service whose `start()` resolved is stopped.
   */
  stop?(deadline: number): void | Promise<void>;
}
