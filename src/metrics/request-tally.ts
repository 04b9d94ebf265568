import type * as Prom from 'prom-client';

type RequestLabels = { method: string; route: string; status_code: string };

interface LabelTally {
  readonly labels: RequestLabels;
  count: number;
  sum: number;
  /** Observations per bucket, not cumulative; the last counts those above every bound. */
  readonly buckets: number[];
}

interface ExportedValue {
  labels: Record<string, string | number>;
  sharedLabels?: RequestLabels;
  value: number;
  metricName?: string;
  exemplar?: null;
}

interface Exported {
  name: string;
  help: string;
  type: string;
  values: ExportedValue[];
  aggregator: 'sum';
}

/** A metric as a prom-client registry reads it: what `registerMetric` takes. */
interface RegisteredMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  aggregator: 'sum';
  get(): Promise<Exported>;
  getForPromString(): Promise<Exported>;
  reset(): void;
}

/**
 * HTTP requests by method, route template and status, counted and timed with one map lookup per
 * request and exported at scrape time exactly as prom-client's counter and histogram export
 * them (`http_requests_total`, `http_request_duration_seconds`): prom-client's `inc` and
 * `observe` check and hash the labels and allocate on every call, which cost more than the rest
 * of a request's metrics. The registry, the exposition and every other metric stay prom-client's.
 */
export class RequestTally {
  // In the order first seen, as prom-client exports its label sets.
  private readonly tallies: LabelTally[] = [];
  // Found by route, method and status in turn: the route and method strings are the same objects
  // request after request, so their hashes are kept, where a key joined from the three would be
  // a new string to hash and compare every time.
  private readonly byRoute = new Map<string, Map<string, Map<number, LabelTally>>>();

  constructor(private readonly bounds: readonly number[]) {}

  /** Counts one answered request that took `seconds`. */
  record(method: string, route: string, status: number, seconds: number): void {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.byRoute.set(route, byMethod);
    }
    let byStatus = byMethod.get(method);
    if (byStatus === undefined) {
      byStatus = new Map();
      byMethod.set(method, byStatus);
    }
    let tally = byStatus.get(status);
    if (tally === undefined) {
      tally = {
        labels: { method, route, status_code: String(status) },
        count: 0,
        sum: 0,
        buckets: new Array<number>(this.bounds.length + 1).fill(0),
      };
      byStatus.set(status, tally);
      this.tallies.push(tally);
    }
    tally.count++;
    tally.sum += seconds;
    const { bounds } = this;
    let bucket = 0;
    while (bucket < bounds.length && seconds > bounds[bucket]) bucket++;
    tally.buckets[bucket]++;
  }

  /** Registers the counter and the histogram in `registry`. */
  register(registry: Prom.Registry, counter: MetricNames, histogram: MetricNames): void {
    registry.registerMetric(this.metric(counter, 'counter') as never);
    registry.registerMetric(this.metric(histogram, 'histogram') as never);
  }

  private metric({ name, help }: MetricNames, type: 'counter' | 'histogram'): RegisteredMetric {
    const values = () => (type === 'counter' ? this.counted() : this.timed(name));
    const metric: RegisteredMetric = {
      name,
      help,
      type,
      aggregator: 'sum',
      // The registry renames a counter for OpenMetrics (no `_total`, which it appends per sample).
      getForPromString: async () => ({ name: metric.name, help, type, values: values(), aggregator: 'sum' }),
      // As JSON, prom-client gives each sample its label set whole.
      get: async () => ({ name: metric.name, help, type, values: values().map(splayed), aggregator: 'sum' }),
      reset: () => {
        this.byRoute.clear();
        this.tallies.length = 0;
      },
    };
    return metric;
  }

  private counted(): ExportedValue[] {
    return this.tallies.map(({ labels, count }) => ({ labels, value: count }));
  }

  // In prom-client's order: the cumulative buckets, +Inf, the sum and the count of each label set.
  private timed(name: string): ExportedValue[] {
    const values: ExportedValue[] = [];
    const sample = (
      labels: ExportedValue['labels'],
      shared: RequestLabels,
      value: number,
      part: string,
      exemplar?: null,
    ) => {
      values.push({ labels, sharedLabels: shared, value, metricName: `${name}_${part}`, exemplar });
    };
    for (const { labels, count, sum, buckets } of this.tallies) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += buckets[i];
        sample({ le }, labels, cumulative, 'bucket', null);
      });
      sample({ le: '+Inf' }, labels, count, 'bucket', null);
      sample({}, labels, sum, 'sum');
      sample({}, labels, count, 'count');
    }
    return values;
  }
}

function splayed({ sharedLabels, labels, ...value }: ExportedValue): ExportedValue {
  return sharedLabels ? { ...value, labels: { ...labels, ...sharedLabels } } : { ...value, labels };
}

/** A metric's name and help text. */
export interface MetricNames {
  name: string;
  help: string;
}
