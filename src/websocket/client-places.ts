/**
 * Places for long-lived connections, counted per client address: a client holding `max` of them
 * gets no more until one closes. One map entry per client with a connection open, nothing else.
 */
export class ClientPlaces {
  private readonly held = new Map<string, number>();

  constructor(readonly max: number) {}

  /** Takes one of `client`'s places; false when it holds `max` already. */
  take(client: string): boolean {
    const count = this.held.get(client) ?? 0;
    if (count >= this.max) return false;
    this.held.set(client, count + 1);
    return true;
  }

  /** Gives back a place `take` gave. */
  give(client: string): void {
    const count = (this.held.get(client) ?? 1) - 1;
    if (count <= 0) this.held.delete(client);
    else this.held.set(client, count);
  }

  /** The places `client` holds now. */
  heldBy(client: string): number {
    return this.held.get(client) ?? 0;
  }
}

/** The default cap on open connections of one kind (WebSocket, graphql-ws, event streams) per client address. */
export const DEFAULT_CONNECTIONS_PER_CLIENT = 128;
