import { sep } from 'node:path';
import { types } from 'node:util';

// TypeScript's CommonJS output re-exports a package's names with one `Object.defineProperty`
// getter each, and V8 keeps an exports object built that way in dictionary mode: every read of
// `api.trace` or `core.otperformance` from optimised code is then a hash lookup through V8's
// generic load handler. OpenTelemetry's packages read each other's exports some twenty times per
// span; laid out for fast reads, a span costs about a third less (1.40 -> 1.00 µs in process).
//
// V8 turns an object into fast mode, for good, when it meets it as a prototype in a property
// lookup its inline caches record; making it a prototype alone puts it in dictionary mode
// instead, so the lookup must be repeated until the cache records it. Nothing about the object
// changes but its layout: the symbol read is absent everywhere, so no getter or trap runs.
const ABSENT = Symbol('absent');
const LOOKUPS = 20;
const OTEL_PACKAGES = `${sep}node_modules${sep}@opentelemetry${sep}`;

function readThrough(probe: Record<symbol, unknown>): unknown {
  return probe[ABSENT];
}

/**
 * Lets V8 lay out the exports of every loaded CommonJS module of `@opentelemetry/*` for fast
 * reads. A proxy (or an object over one) is left alone.
 */
export function layOutOtelExportsForFastReads(): void {
  for (const [file, loaded] of Object.entries(require.cache)) {
    const exported: unknown = loaded?.exports;
    if (!file.includes(OTEL_PACKAGES) || typeof exported !== 'object' || exported === null) continue;
    if (types.isProxy(exported) || types.isProxy(Object.getPrototypeOf(exported))) continue;
    const probe = Object.create(exported) as Record<symbol, unknown>;
    for (let i = 0; i < LOOKUPS; i++) readThrough(probe);
  }
}
