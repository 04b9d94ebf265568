import type { BroadcastEnvelope, Broadcaster, BroadcastListener, Unsubscribe } from './broadcaster';

/** The in-process `Broadcaster`: delivers synchronously to the subscribers of this process. */
export class LocalBroadcaster implements Broadcaster {
  private readonly listeners = new Map<string, Set<BroadcastListener>>();

  /** {@inheritDoc Broadcaster.publish} */
  publish(gateway: string, envelope: BroadcastEnvelope): void {
    const listeners = this.listeners.get(gateway);
    if (listeners) for (const listener of listeners) listener(envelope);
  }

  /** {@inheritDoc Broadcaster.subscribe} */
  subscribe(gateway: string, listener: BroadcastListener): Unsubscribe {
    let listeners = this.listeners.get(gateway);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(gateway, listeners);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(gateway) === listeners) this.listeners.delete(gateway);
    };
  }
}
