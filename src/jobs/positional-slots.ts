import type { ParamMetadata } from '../kernel';

/** The first `count` parameter positions no decorator fills (a job's payload, then its context). */
export function positionalSlots(params: readonly ParamMetadata[], count: number): number[] {
  const decorated = new Set(params.map((param) => param.index));
  const slots: number[] = [];
  for (let index = 0; slots.length < count; index++) if (!decorated.has(index)) slots.push(index);
  return slots;
}
