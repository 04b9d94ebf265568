import type { ModuleHost } from '../kernel';

/** What `serve()` builds in each worker: an application not yet listening. */
export type AppFactory = () => ModuleHost | Promise<ModuleHost>;

/** How `serve()` runs an application on several cores. */
export interface ServeOptions {
  /** How many worker processes, each with its own application (default: one per core, `os.availableParallelism()`). */
  workers?: number;
  /** The port every worker listens on, shared through the primary (default 0: one free port, the same for all, replacements included). */
  port?: number;
  /** The address the workers listen on (default 127.0.0.1, as `listen()`). */
  host?: string;
  /** The environment each worker starts with (default: the primary's). */
  env?: NodeJS.ProcessEnv;
  /** How long a stopping worker may take to drain before it is killed (default 30 s). */
  stopTimeoutMs?: number;
  /** The wait before a crashed worker is replaced, doubled for each crash in a row up to 30 s (default 100 ms). */
  restartDelayMs?: number;
  /**
   * How many worker exits in a row, each within 60 s of the one before, make the primary give up:
   * it stops the other workers and exits 1 (default 5). Any exit the primary did not ask for counts,
   * exit code 0 included.
   */
  maxCrashes?: number;
  /** Whether `serve()` handles SIGTERM and SIGINT (drain and exit) and, in the primary, SIGHUP (rolling restart); default true. */
  handleSignals?: boolean;
}

/** What `serve()` started in the primary process: the workers. */
export interface ServedPrimary {
  /** This process is the primary: it runs no application, only the workers. */
  readonly role: 'primary';
  /** Where the workers answer (`http://host:port`). */
  readonly url: string;
  /** The process ids of the workers serving now. */
  workerPids(): number[];
  /** Replaces the workers one at a time, each only once its successor is serving. */
  restart(): Promise<void>;
  /** Drains and stops every worker (each gets SIGTERM, then SIGKILL after `stopTimeoutMs`). */
  close(): Promise<void>;
}

/** What `serve()` started in a worker process: its application, listening. */
export interface ServedWorker {
  /** This process is a worker: it runs one application. */
  readonly role: 'worker';
  /** Where this worker answers (`http://host:port`, shared with the other workers). */
  readonly url: string;
  /** The application this worker built. */
  readonly app: ModuleHost;
  /** Drains and closes this worker's application. */
  close(): Promise<void>;
}

/** What `serve()` started: the primary's workers, or in a worker, its application. */
export type Served = ServedPrimary | ServedWorker;
