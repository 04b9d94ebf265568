/**
 * A typed slot of class or method metadata, declared by the feature that owns it (an HTTP route,
 * a gateway event, a resolver field), so the registry carries every feature's data without naming it.
 */
export interface MetadataKey<T> {
  /** The feature's name for the slot, for messages and debugging. */
  readonly name: string;
  /** Whether a method holding this slot is served by a transport (called through its compiled invocation). */
  readonly entryPoint: boolean;
  /** Never set: carries the slot's type. */
  readonly type?: T;
}

/** What a feature says of its slot besides the name. */
export interface MetadataKeyOptions {
  /** A method holding the slot is a transport's entry point (`Get`, `OnMessage`, `Query`). */
  entryPoint?: boolean;
}

/**
 * Declares a slot of metadata of type `T`, read and written with `meta.get(key)` and `meta.set(key, value)`.
 * @example export const GATEWAY_EVENT = metadataKey<GatewayEvent>('gateway event', { entryPoint: true });
 */
export function metadataKey<T>(name: string, options: MetadataKeyOptions = {}): MetadataKey<T> {
  return Object.freeze({ name, entryPoint: options.entryPoint ?? false });
}
