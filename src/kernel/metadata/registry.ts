import { declareClass } from '../../../container/declared-classes';
import type { Class, ClassMetadata, MethodMetadata } from './types';

const byClass = new WeakMap<Function, ClassMetadata>();

/** The one place decorators write to and `ready()` reads from. */
export const metadataRegistry = {
  /** The metadata of a class, created empty on first touch. */
  forClass(target: Function): ClassMetadata {
    let meta = byClass.get(target);
    if (!meta) {
      meta = { target: target as Class, guards: [], methods: new Map() };
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
      meta = { name: key, guards: [], params: [] };
      cls.methods.set(key, meta);
    }
    return meta;
  },

  /** The metadata of a class if any decorator touched it. */
  find(target: Function): ClassMetadata | undefined {
    return byClass.get(target);
  },
};
