import { ClientPlaces } from '../websocket';

/** One multipart body being read: how to stop it, and when what it wrote is gone. */
interface Reading {
  abort: AbortController;
  settled: Promise<unknown>;
}

/**
 * The multipart requests of an application: counted per client address (a client holding
 * `max` gets 429 for one more), and aborted together at shutdown, their partial files removed
 * before `close()` goes on.
 */
export class UploadsInProgress {
  private readonly places: ClientPlaces;
  private readonly readings = new Set<Reading>();
  private closing = false;

  constructor(max: number) {
    this.places = new ClientPlaces(max);
  }

  /** How many uploads one client may have in progress. */
  get max(): number {
    return this.places.max;
  }

  /** Whether the application is closing: no upload starts any more. */
  get isClosing(): boolean {
    return this.closing;
  }

  /** Takes one of `client`'s places; false when it holds `max` already. */
  take(client: string): boolean {
    return this.places.take(client);
  }

  /** Gives back a place `take` gave. */
  give(client: string): void {
    this.places.give(client);
  }

  /** Reads one body with `read` (given the signal that aborts it), followed until it settles. */
  async follow<T>(read: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const abort = new AbortController();
    const settled = read(abort.signal);
    const reading = { abort, settled };
    this.readings.add(reading);
    try {
      return await settled;
    } finally {
      this.readings.delete(reading);
    }
  }

  /** Aborts every body being read; resolves once their temporary files are removed. */
  async abortAll(): Promise<void> {
    this.closing = true;
    const readings = [...this.readings];
    for (const reading of readings) reading.abort.abort();
    await Promise.allSettled(readings.map((reading) => reading.settled));
  }
}
