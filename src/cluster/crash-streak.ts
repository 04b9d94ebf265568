const MAX_RESTART_DELAY_MS = 30_000;
// A crash this long after the one before starts a new streak: the workers stayed up a while.
const STREAK_GAP_MS = 60_000;

/** How long a crash streak may grow before the pool gives up, by default. */
export const DEFAULT_MAX_CRASHES = 5;

/**
 * The worker exits a pool did not ask for, counted in a row (each within 60 s of the one before):
 * the back-off before the next replacement grows with the streak, and a streak of `maxCrashes`
 * means replacing them does not help.
 */
export class CrashStreak {
  private length = 0;
  private last = 0;

  constructor(
    private readonly firstDelayMs: number,
    private readonly maxCrashes: number,
  ) {}

  /** How many crashes in a row so far. */
  get crashes(): number {
    return this.length;
  }

  /** Records a crash: the wait before its replacement, or undefined once the streak reaches the bound. */
  record(now = Date.now()): number | undefined {
    if (now - this.last > STREAK_GAP_MS) this.length = 0;
    this.last = now;
    this.length++;
    if (this.length >= this.maxCrashes) return undefined;
    return Math.min(this.firstDelayMs * 2 ** (this.length - 1), MAX_RESTART_DELAY_MS);
  }
}
