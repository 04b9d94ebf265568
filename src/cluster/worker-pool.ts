import cluster, { type Worker } from 'node:cluster';
import { clusterError } from './cluster-errors';
import { CrashStreak, DEFAULT_MAX_CRASHES } from './crash-streak';
import { freePort } from './free-port';
import { isServingMessage, SHARED_PORT_ENV } from './serve-worker';

const DEFAULT_STOP_TIMEOUT_MS = 30_000;
const DEFAULT_RESTART_DELAY_MS = 100;

/** How the pool runs its workers. */
export interface WorkerPoolOptions {
  /** The port the workers listen on; 0 (the default) picks a free one for all of them. */
  readonly port?: number;
  readonly host?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly stopTimeoutMs?: number;
  readonly restartDelayMs?: number;
  /** How many crashes in a row (each within 60 s of the one before) make the pool give up. */
  readonly maxCrashes?: number;
  /** Where lifecycle lines go (a replaced worker); default stderr. */
  readonly log?: (line: string) => void;
  /** Called once the pool gave up on workers that keep dying and has stopped the others. */
  readonly onGiveUp?: () => void;
}

function outcomeOf(code: number | null, signal: string | null): string {
  return signal ?? `exit code ${code}`;
}

/**
 * The primary's side of `serve()`: forks the workers (each builds its application and listens on
 * the shared port), replaces one that exits unasked (a crash, a signal from elsewhere, even exit
 * code 0) after a back-off (100 ms, doubled for each crash in a row, at most 30 s), gives up after
 * `maxCrashes` in a row (stops the others, then `onGiveUp`), replaces them all one at a time on
 * `restart()`, and stops them on `close()`.
 */
export class WorkerPool {
  private readonly serving = new Set<Worker>();
  private readonly retiring = new Set<Worker>();
  private port = 0;
  private stopping: Promise<void> | undefined;
  private readonly streak: CrashStreak;
  private readonly replacements = new Set<NodeJS.Timeout>();
  private readonly log: (line: string) => void;

  constructor(private readonly options: WorkerPoolOptions = {}) {
    this.log = options.log ?? ((line) => process.stderr.write(`${line}\n`));
    this.streak = new CrashStreak(
      options.restartDelayMs ?? DEFAULT_RESTART_DELAY_MS,
      options.maxCrashes ?? DEFAULT_MAX_CRASHES,
    );
  }

  /** The port the workers share, once `start()` has begun. */
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
    this.port = this.options.port || (await freePort(this.options.host ?? '127.0.0.1'));
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
      if (!this.serving.has(old)) continue; // it died meanwhile: its replacement is already coming
      await this.fork();
      await this.retire(old);
    }
  }

  /** Drains and stops every worker; no crashed one is replaced from now on. */
  close(): Promise<void> {
    this.stopping ??= (async () => {
      for (const timer of this.replacements) clearTimeout(timer);
      this.replacements.clear();
      await Promise.all(Object.values(cluster.workers ?? {}).map((worker) => worker && this.retire(worker)));
    })();
    return this.stopping;
  }

  // A worker, resolved once it says it is serving, rejected if it exits before (a replacement's
  // failure is one more crash, not a failed start-up).
  private fork(): Promise<Worker> {
    // Every worker asks for the same port: the primary shares one socket per port asked for, and
    // with port 0 a worker started once all the others died would get a new one.
    const worker = cluster.fork({ ...this.options.env, [SHARED_PORT_ENV]: String(this.port) });
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
        const { pid } = worker.process;
        const outcome = outcomeOf(code, signal);
        reject(clusterError('TRELLIS_ERR_WORKER_START', pid, outcome));
      };
      worker.on('message', onMessage);
      worker.once('exit', onEarlyExit);
    });
  }

  // Only a retired worker or a stopping pool is asked to exit: any other exit, 0 included (a
  // SIGTERM from an operator or an out-of-memory killer drains the worker and exits 0), is a crash.
  private exited(worker: Worker, code: number | null, signal: string | null): void {
    this.serving.delete(worker);
    if (this.retiring.delete(worker) || this.stopping) return;
    this.crashed(`Worker ${worker.process.pid} died (${outcomeOf(code, signal)})`);
  }

  // A replacement that fails to start counts as one more crash in the row.
  private crashed(what: string): void {
    const delay = this.streak.record();
    if (delay === undefined) {
      this.log(
        `${what}. Workers keep dying: ${this.streak.crashes} in a row, each within 60 s of the one before; stopping`,
      );
      void this.close().then(() => this.options.onGiveUp?.());
      return;
    }
    this.log(`${what}; starting another in ${delay} ms`);
    const timer = setTimeout(() => {
      this.replacements.delete(timer);
      if (this.stopping) return;
      this.fork().catch((err: Error) => {
        if (!this.stopping) this.crashed(err.message);
      });
    }, delay);
    this.replacements.add(timer);
  }

  // SIGTERM (the worker drains and exits), then SIGKILL once the stop timeout has passed.
  private retire(worker: Worker): Promise<void> {
    return new Promise((resolve) => {
      if (worker.isDead()) {
        resolve();
        return;
      }
      this.retiring.add(worker);
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
