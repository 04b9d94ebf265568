import { z } from 'zod';

/**
 * The schema of a module's `messages` option: any of the texts `defaults` names, each a non-empty
 * string. A key it does not name is refused, so a misspelt text fails at install instead of
 * leaving the default in place.
 */
export function messagesSchema(defaults: Readonly<Record<string, string>>) {
  const texts = Object.fromEntries(
    Object.keys(defaults).map((key) => [key, z.string().min(1, 'must be a non-empty string').optional()]),
  );
  return z.strictObject(texts).optional();
}

/** The texts a module answers with: `defaults`, with those `given` replaces (an undefined one keeps its default). */
export function resolveMessages<T extends object>(defaults: Readonly<T>, given?: Partial<T>): Readonly<T> {
  const texts: T = { ...defaults };
  for (const key of Object.keys(given ?? {}) as (keyof T)[]) {
    const text = given![key];
    if (text !== undefined) texts[key] = text as T[keyof T];
  }
  return Object.freeze(texts);
}

/** A language the modules' texts come in. */
export type MessageLanguage = 'es' | 'en';
