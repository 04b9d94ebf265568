import cluster, { type Worker } from 'node:cluster';
import { clusterError } from './cluster-errors';
import { isServingMessage } from './serve-worker';

const DEFAULT_STOP_TIMEOUT_MS = 30_000;
const DEFAULT_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 30_000;
// A crash this long after the last one starts the back-off again: the replacement ran a while.
const CRASH_RUN_RESET_MS = 60_000;

/** How the pool runs its workers. */
export interface WorkerPoolOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly stopTimeoutMs?: number;
  readonly restartDelayMs?: number;
  /** Where lifecycle lines go (a replaced worker); default stderr. */
  readonly log?: (line: string) => void;
}

function outcomeOf(code: number | null, signal: string | null): string {
  return signal ?? `exit code ${code}`;
}

/**
 * The primary's side of `serve()`: forks the workers (each builds its application and listens on
 * the shared port), replaces one that crashes after a back-off (100 ms, doubled for each crash in a
 * row, at most 30 s), replaces them all one at a time on `restart()`, and stops them on `close()`.
 */
export class WorkerPool {
  private readonly serving = new Set<Worker>();
  private readonly retiring = new Set<Worker>();
  private port = 0;
  private stopping: Promise<void> | undefined;
  private crashesInARow = 0;
  private lastCrash = 0;
  private replacement: NodeJS.Timeout | undefined;
  private readonly log: (line: string) => void;

  constructor(private readonly options: WorkerPoolOptions = {}) {
    this.log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
  }

  /** The port the workers share, once one serves. */
  get sharedPort(): number {
    return this.port;
  }

  /** The process ids of the workers serving now. */
  pids(): number[] {
    return [...this.serving].map((worker) => worker.process.pid as number);
  }

  /**
   * Starts `count` workers; resolves once all are serving. If one exits first, the others are
   * stopped and it rejects with `TRELLIS_ERR_WORKER_START`: a start that fails (a bad setting, a
   * port in use) would fail again.
   */
  async start(count: number): Promise<void> {
    try {
      await Promise.all(Array.from({ length: count }, () => this.fork()));
    } catch (err) {
      await this.close();
      throw err;
    }
  }

  /** Replaces every worker in turn, each retired only once its successor is serving. */
  async restart(): Promise<void> {
    for (const old of [...this.serving]) {
      if (this.stopping) return;
      await this.fork();
      await this.retire(old);
    }
  }

  /** Drains and stops every worker; no crashed one is replaced from now on. */
  close(): Promise<void> {
    this.stopping ??= (async () => {
      clearTimeout(this.replacement);
      await Promise.all(Object.values(cluster.workers ?? {}).map((worker) => worker && this.retire(worker)));
    })();
    return this.stopping;
  }

  // A worker, resolved once it says it is serving, rejected if it exits before.
  private fork(): Promise<Worker> {
    const worker = cluster.fork(this.options.env);
    return new Promise((resolve, reject) => {
      const onMessage = (message: unknown) => {
        if (!isServingMessage(message)) return;
        worker.off('message', onMessage);
        worker.off('exit', onEarlyExit);
        this.port = message.port;
        this.serving.add(worker);
        worker.once('exit', (code: number | null, signal: string | null) =>
          this.exited(worker, code, signal),
        );
        resolve(worker);
      };
      const onEarlyExit = (code: number | null, signal: string | null) => {
        worker.off('message', onMessage);
        reject(clusterError('TRELLIS_ERR_WORKER_START', worker.process.pid, outcomeOf(code, signal)));
      };
      worker.on('message', onMessage);
      worker.once('exit', onEarlyExit);
    });
  }

  private exited(worker: Worker, code: number | null, signal: string | null): void {
    this.serving.delete(worker);
    // Retired, stopping, or closed cleanly by a signal every process got (Ctrl+C): not a crash.
    if (this.retiring.delete(worker) || this.stopping || code === 0) return;
    const now = Date.now();
    if (now - this.lastCrash > CRASH_RUN_RESET_MS) this.crashesInARow = 0;
    this.lastCrash = now;
    const first = this.options.restartDelayMs ?? DEFAULT_RESTART_DELAY_MS;
    const delay = Math.min(first * 2 ** this.crashesInARow, MAX_RESTART_DELAY_MS);
    this.crashesInARow++;
    this.log(
      `Worker ${worker.process.pid} died (${outcomeOf(code, signal)}); starting another in ${delay} ms`,
    );
    this.replaceAfter(delay);
  }

  // A replacement that fails to start counts as one more crash in the row.
  private replaceAfter(delay: number): void {
    this.replacement = setTimeout(() => {
      if (this.stopping) return;
      this.fork().catch((err: Error) => {
        if (this.stopping) return;
        const next = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
        this.crashesInARow++;
        this.lastCrash = Date.now();
        this.log(`${err.message}; trying again in ${next} ms`);
        this.replaceAfter(next);
      });
    }, delay);
  }

  // SIGTERM (the worker drains and exits), then SIGKILL once the stop timeout has passed.
  private retire(worker: Worker): Promise<void> {
    this.retiring.add(worker);
    return new Promise((resolve) => {
      if (worker.isDead()) {
        resolve();
        return;
      }
      const timeout = this.options.stopTimeoutMs ?? DEFAULT_STOP_TIMEOUT_MS;
      const kill = setTimeout(() => worker.process.kill('SIGKILL'), timeout);
      worker.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      worker.process.kill('SIGTERM');
    });
  }
}
