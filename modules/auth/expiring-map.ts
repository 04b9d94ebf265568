/** Clock and housekeeping of the in-memory stores; tests pass their own clock. */
export interface ExpiringMapOptions {
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** How often, at most, a write sweeps out expired entries; default one minute. */
  sweepIntervalMs?: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

const DEFAULT_SWEEP_MS = 60_000;

/**
 * A Map whose entries vanish at their expiry. Reads ignore expired entries; writes sweep them
 * out at most once per interval, so the map holds its live entries plus at most one interval's
 * worth of dead ones, with no timer to clear.
 */
export class ExpiringMap<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly now: () => number;
  private readonly sweepIntervalMs: number;
  private nextSweep: number;

  constructor(
    options: ExpiringMapOptions = {},
    private readonly onExpire?: (key: K, value: V) => void,
  ) {
    this.now = options.now ?? Date.now;
    this.sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_MS;
    this.nextSweep = this.now() + this.sweepIntervalMs;
  }

  /** Entries held, expired ones not yet swept included. */
  get size(): number {
    return this.entries.size;
  }

  /** The live value under `key`. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.expire(key, entry);
    return undefined;
  }

  /** Stores `value` until `expiresAt` (milliseconds since the epoch). */
  set(key: K, value: V, expiresAt: number): void {
    this.sweep();
    this.entries.set(key, { value, expiresAt });
  }

  /** Removes `key`; true when it was live. */
  delete(key: K): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    this.entries.delete(key);
    return entry.expiresAt > this.now();
  }

  private sweep(): void {
    const now = this.now();
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.sweepIntervalMs;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.expire(key, entry);
  }

  private expire(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    this.onExpire?.(key, entry.value);
  }
}
