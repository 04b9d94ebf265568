import { DuplicateHealthCheckError } from './health-errors';

/** One readiness check: true (or a promise of true) while the dependency it watches answers. */
export type HealthCheck = () => boolean | Promise<boolean>;

/** The outcome of a readiness probe. */
export interface ReadinessReport {
  /** Whether every check is up and the app is not shutting down. */
  ready: boolean;
  /** Each check by name: `'up'` or `'down'`. */
  checks: Record<string, 'up' | 'down'>;
  /** True once `close()` has begun. */
  shuttingDown: boolean;
}

const DEFAULT_TIMEOUT_MS = 1000;

function within(check: HealthCheck, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = Promise.resolve()
    .then(check)
    .then(
      (up) => up === true,
      () => false,
    );
  return Promise.race([result, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The application's liveness and readiness: liveness is the process answering; readiness is
 * every registered check passing (each bounded by a timeout) and the application not shutting
 * down. Bound in the container, so a health controller injects it.
 * @example app.health.addCheck('database', () => db.prepare('SELECT 1').get() !== undefined);
 */
export class HealthChecks {
  private readonly checks = new Map<string, { check: HealthCheck; timeoutMs: number }>();
  private closing = false;

  /** Adds a readiness check; a check that throws, or answers later than `timeoutMs`, is down. */
  addCheck(name: string, check: HealthCheck, options: { timeoutMs?: number } = {}): this {
    if (this.checks.has(name)) throw new DuplicateHealthCheckError(name);
    this.checks.set(name, { check, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS });
    return this;
  }

  /** True once `close()` has begun: readiness fails from then on. */
  get shuttingDown(): boolean {
    return this.closing;
  }

  /** Called by `close()`, before the server stops accepting. */
  markShuttingDown(): void {
    this.closing = true;
  }

  /** Whether the process answers; always true while it can run this. */
  isLive(): boolean {
    return true;
  }

  /** Runs every check at once. */
  async readiness(): Promise<ReadinessReport> {
    const entries = [...this.checks];
    const results = await Promise.all(entries.map(([, { check, timeoutMs }]) => within(check, timeoutMs)));
    const checks: Record<string, 'up' | 'down'> = {};
    entries.forEach(([name], i) => {
      checks[name] = results[i] ? 'up' : 'down';
    });
    return { ready: !this.closing && results.every(Boolean), checks, shuttingDown: this.closing };
  }
}
