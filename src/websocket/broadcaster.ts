/** One broadcast on its way to the clients of a gateway, on this instance and any other. */
export interface BroadcastEnvelope {
  /** The message, already serialised as JSON. */
  data: string;
  /** Only the clients that joined this room receive it; every client of the gateway when absent. */
  room?: string;
  /** The connection that sent it, which never receives its own broadcast. */
  senderId?: string;
}

/** Receives the envelopes published for one gateway. */
export type BroadcastListener = (envelope: BroadcastEnvelope) => void;

/** Stops a subscription. */
export type Unsubscribe = () => void | Promise<void>;

/**
 * Fan-out of gateway broadcasts. `publish` must hand each envelope exactly once to every
 * subscriber of that gateway path, on every instance, the publishing one included: gateways
 * deliver only what comes back through their subscription, so no client receives a message twice.
 * @example app.override(BROADCASTER, new RedisBroadcaster(redis)) // one fan-out across instances
 */
export interface Broadcaster {
  /** Sends an envelope to the listeners of `gateway` on every instance. */
  publish(gateway: string, envelope: BroadcastEnvelope): void | Promise<void>;
  /** Listens to the envelopes of `gateway`; resolves to the function that stops. */
  subscribe(gateway: string, listener: BroadcastListener): Unsubscribe | Promise<Unsubscribe>;
}

/** The container token of the application's `Broadcaster`. */
export const BROADCASTER = Symbol.for('trellis.Broadcaster');
