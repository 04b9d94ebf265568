import type { Logger } from 'pino';

/** How long identical failures must stop before a burst counts as over. */
export const BURST_QUIET_MS = 5_000;

interface Burst {
  repeated: number;
  timer: NodeJS.Timeout;
}

/**
 * Logs a burst of identical failures (every request answered 503 while Redis is down, say) as two
 * lines: one when it starts, with the first failure's fields, and one when it ends, with how many
 * more there were. A line per request would bury everything else under hundreds of thousands of
 * copies, and cost more than the answers themselves.
 */
export class FailureBursts {
  private readonly bursts = new Map<string, Burst>();

  constructor(
    private readonly logger: Logger,
    private readonly quietMs: number = BURST_QUIET_MS,
  ) {}

  /** Logs `message` as a warning unless the same message is already bursting; then counts it. */
  warn(fields: Record<string, unknown>, message: string): void {
    const burst = this.bursts.get(message);
    if (burst) {
      burst.repeated++;
      burst.timer.refresh();
      return;
    }
    this.logger.warn(fields, message);
    const started: Burst = {
      repeated: 0,
      timer: setTimeout(() => this.end(message, started), this.quietMs).unref(),
    };
    this.bursts.set(message, started);
  }

  private end(message: string, burst: Burst): void {
    this.bursts.delete(message);
    if (burst.repeated > 0)
      this.logger.warn(
        { repeated: burst.repeated },
        `${message} (over: ${burst.repeated} more since the first)`,
      );
  }
}

const byLogger = new WeakMap<Logger, FailureBursts>();

/** The bursts of one logger, made on first use. */
export function failureBursts(logger: Logger): FailureBursts {
  let bursts = byLogger.get(logger);
  if (!bursts) {
    bursts = new FailureBursts(logger);
    byLogger.set(logger, bursts);
  }
  return bursts;
}
