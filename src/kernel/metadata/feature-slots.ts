import type { MetadataKey } from './metadata-key';

/** What features recorded on a class or a method, each under its own key. */
export interface FeatureSlots {
  /** What the feature owning `key` recorded here, if anything. */
  get<T>(key: MetadataKey<T>): T | undefined;
  /** Records the feature's value under `key`. */
  set<T>(key: MetadataKey<T>, value: T): void;
  /** The keys recorded here (those of the metadata it was derived from included). */
  keys(): MetadataKey<unknown>[];
}

/**
 * Empty slots, or slots over `base` that read through to it and write only to themselves: a
 * derived copy of metadata (a contract route filled in) changes without touching the original.
 */
export function featureSlots(base?: FeatureSlots): FeatureSlots {
  const own = new Map<MetadataKey<unknown>, unknown>();
  return {
    get: <T>(key: MetadataKey<T>) => (own.has(key) ? (own.get(key) as T) : base?.get(key)),
    set: (key, value) => {
      own.set(key, value);
    },
    keys: () => [...new Set([...(base?.keys() ?? []), ...own.keys()])],
  };
}
