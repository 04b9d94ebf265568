import type { OtelParts } from './otel-parts';

// A context holding only this key tells whether a context manager carries contexts at all.
const PROBE_KEY = Symbol('trellis.tracing.probe');
// Without a context manager, how many requests pass before looking for one again (an SDK may be
// started after the application).
const PROBE_EVERY = 1024;

/**
 * Whether a context manager is registered: without one OpenTelemetry keeps no active context, so
 * running code under a span would change nothing. Once found, it is taken to stay.
 */
export class ContextManagerProbe {
  private found = false;
  private untilProbe = 0;

  constructor(private readonly otel: OtelParts) {}

  /** Whether contexts are carried; looks again only every `PROBE_EVERY` calls until they are. */
  carriesContext(): boolean {
    if (this.found) return true;
    if (this.untilProbe-- > 0) return false;
    this.untilProbe = PROBE_EVERY;
    const { context } = this.otel;
    const probe = this.otel.root.setValue(PROBE_KEY, true);
    this.found = context.with(probe, () => context.active() === probe);
    return this.found;
  }
}
