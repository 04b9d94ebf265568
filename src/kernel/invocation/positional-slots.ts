import type { ParamMetadata } from '../metadata/types';

/**
 * The first `count` parameter positions no decorator fills: a job's payload and its context, a
 * gateway event's connection and its message.
 */
export function positionalSlots(params: readonly ParamMetadata[], count: number): number[] {
  const decorated = new Set(params.map((param) => param.index));
  const slots: number[] = [];
  for (let index = 0; slots.length < count; index++) if (!decorated.has(index)) slots.push(index);
  return slots;
}
