import { declareClass } from '../../../container/declared-classes';
import { featureSlots } from './feature-slots';
import type { Class, ClassMetadata, MethodMetadata } from './types';

const byClass = new WeakMap<Function, ClassMetadata>();

/** The one place decorators write to and `ready()` reads from. */
export const metadataRegistry = {
  /** The metadata of a class, created empty on first touch. */
  forClass(target: Function): ClassMetadata {
    let meta = byClass.get(target);
    if (!meta) {
      meta = emptyClassMetadata(target as Class);
      byClass.set(target, meta);
      declareClass(target);
    }
    return meta;
  },

  /** The metadata of one method, created empty on first touch. */
  forMethod(target: Function, name: string | symbol): MethodMetadata {
    const cls = metadataRegistry.forClass(target);
    const key = String(name);
    let meta = cls.methods.get(key);
    if (!meta) {
      meta = emptyMethodMetadata(key);
      cls.methods.set(key, meta);
    }
    return meta;
  },

  /** The metadata of a class if any decorator touched it. */
  find(target: Function): ClassMetadata | undefined {
    return byClass.get(target);
  },
};

/** Metadata of a class that nothing recorded yet (outside the registry: for compilers' specs). */
export function emptyClassMetadata(target: Class): ClassMetadata {
  return { target, guards: [], methods: new Map(), ...featureSlots() };
}

/** Metadata of a method that nothing recorded yet. */
export function emptyMethodMetadata(name: string): MethodMetadata {
  return { name, guards: [], params: [], ...featureSlots() };
}

/**
 * A copy of class or method metadata whose slots read through to the original's: what is set on
 * it (a contract's route, a version prefix) leaves the recorded metadata as it was.
 */
export function derivedMetadata<M extends ClassMetadata | MethodMetadata>(
  meta: M,
  changes: Partial<M> = {},
): M {
  return { ...meta, ...changes, ...featureSlots(meta) };
}

/** Whether a transport serves the method (a slot of an entry point is recorded on it). */
export function isEntryPoint(method: MethodMetadata): boolean {
  return method.keys().some((key) => key.entryPoint);
}
