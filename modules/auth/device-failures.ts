/** Failed logins a known device may have in one window before it counts as a new device, by default. */
export const DEFAULT_DEVICE_MAX_FAILURES = 5;

/** The window of a device's failures, by default (15 minutes, as the reference's login limit). */
export const DEFAULT_DEVICE_FAILURE_WINDOW_MS = 15 * 60_000;

/** Devices tracked at once at most; past it the one tracked first is dropped. */
export const MAX_TRACKED_DEVICES = 100_000;

interface Failures {
  count: number;
  windowEnd: number;
}

/**
 * The failed logins of each known device: once a device has `maxFailures` in its window it is
 * locked out (OWASP: its cookie goes on the lockout list) and its attempts are judged as a new
 * device's, by the account's protection, until the window ends. A stolen device cookie thus buys
 * an attacker no more guesses than the device's owner had. Per instance, in memory.
 */
export class DeviceFailures {
  private readonly failures = new Map<string, Failures>();

  constructor(
    readonly maxFailures: number = DEFAULT_DEVICE_MAX_FAILURES,
    readonly windowMs: number = DEFAULT_DEVICE_FAILURE_WINDOW_MS,
    readonly maxDevices: number = MAX_TRACKED_DEVICES,
    /** Milliseconds; tests pass their own clock. */
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether `device` has used up its failures in the current window. */
  lockedOut(device: string): boolean {
    const entry = this.current(device);
    return entry !== undefined && entry.count >= this.maxFailures;
  }

  /** A login from `device` failed. */
  failed(device: string): void {
    const entry = this.current(device);
    if (entry) {
      entry.count++;
      return;
    }
    if (this.failures.size >= this.maxDevices)
      this.failures.delete(this.failures.keys().next().value as string);
    this.failures.set(device, { count: 1, windowEnd: this.now() + this.windowMs });
  }

  private current(device: string): Failures | undefined {
    const entry = this.failures.get(device);
    if (entry === undefined) return undefined;
    if (entry.windowEnd > this.now()) return entry;
    this.failures.delete(device);
    return undefined;
  }
}
