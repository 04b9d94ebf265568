import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as Prom from 'prom-client';
import { HTTP_METHODS } from '../http/http-methods';
import { HTTP_STATUS } from '../kernel';
import type { MetricsOptions } from '../observability/observability-options';
import type { RequestState } from '../observability/request-state';
import { loadOptional } from '../optional';
import { RequestTally } from './request-tally';

/** The `route` label of requests no route matched: one value for all, never the raw path. */
export const UNMATCHED_ROUTE = '(unmatched)';

const METHODS = new Set<string>(HTTP_METHODS);
// Operation names come from clients: past this many distinct ones, the rest share one label value.
const MAX_OPERATION_NAMES = 200;
const OTHER_OPERATIONS = '(other)';
const REJECTED_OPERATIONS = '(rejected)';

/** The smallest shape of a Redis client whose availability is reported. */
export interface RedisStatusSource {
  /** The client's connection status (`ready`, `reconnecting`, ...). */
  readonly status: string;
}

/**
 * The application's Prometheus metrics, in a registry of its own: HTTP requests (count and
 * duration by method, route template and status), rate-limit refusals, WebSocket connections
 * and messages, GraphQL operations by name and outcome, and whatever modules add (`gauge`).
 */
export class AppMetrics {
  // prom-client's types stay out of the public declarations: an app without metrics compiles without it.
  private readonly registry: Prom.Registry;
  private readonly prom: typeof Prom;
  private readonly httpRequests: RequestTally;
  private readonly rateLimitRefusals: Prom.Counter<'route'>;
  private readonly wsConnections: Prom.Gauge<'path'>;
  private readonly wsMessages: Prom.Counter<'path'>;
  private readonly graphqlOperations: Prom.Counter<'operation' | 'outcome'>;
  private readonly operationNames = new Set<string>();
  private readonly redisClients = new Map<string, RedisStatusSource>();
  private redisUp?: Prom.Gauge<'client'>;

  constructor(options: MetricsOptions = {}) {
    this.prom = loadOptional<typeof Prom>('prom-client', 'The metrics option');
    const { Counter, Gauge, Registry } = this.prom;
    this.registry = new Registry();
    const registers = [this.registry];
    if (options.defaultMetrics !== false) this.prom.collectDefaultMetrics({ register: this.registry });
    this.httpRequests = new RequestTally(
      options.buckets ?? [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    );
    this.httpRequests.register(
      this.registry,
      { name: 'http_requests_total', help: 'HTTP requests answered' },
      {
        name: 'http_request_duration_seconds',
        help: 'Time from the arrival of an HTTP request to the end of its answer',
      },
    );
    this.rateLimitRefusals = new Counter({
      name: 'rate_limit_refusals_total',
      help: 'Requests refused with 429 by a rate limit',
      labelNames: ['route'],
      registers,
    });
    this.wsConnections = new Gauge({
      name: 'websocket_connections',
      help: 'Open WebSocket connections',
      labelNames: ['path'],
      registers,
    });
    this.wsMessages = new Counter({
      name: 'websocket_messages_received_total',
      help: 'WebSocket messages received',
      labelNames: ['path'],
      registers,
    });
    this.graphqlOperations = new Counter({
      name: 'graphql_operations_total',
      help: 'GraphQL operations by name and outcome (success or error)',
      labelNames: ['operation', 'outcome'],
      registers,
    });
  }

  /** Counts one HTTP request that took `elapsedMs`; called once its answer is done (or its connection gone). */
  requestEnded(req: IncomingMessage, res: ServerResponse, state: RequestState, elapsedMs: number): void {
    const route = state.route ?? UNMATCHED_ROUTE;
    const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'OTHER';
    this.httpRequests.record(method, route, res.statusCode, elapsedMs / 1000);
    if (res.statusCode === HTTP_STATUS.TOO_MANY_REQUESTS) this.rateLimitRefusals.inc({ route });
  }

  /** A WebSocket connection opened on the gateway at `path`. */
  websocketOpened(path: string): void {
    this.wsConnections.inc({ path });
  }

  /** A WebSocket connection closed on the gateway at `path`. */
  websocketClosed(path: string): void {
    this.wsConnections.dec({ path });
  }

  /** A message arrived on the gateway at `path`. */
  websocketMessage(path: string): void {
    this.wsMessages.inc({ path });
  }

  /**
   * A GraphQL operation ended; `name` is its operation name (`(anonymous)` without one). One that
   * failed validation or its guards (`accepted` false) is counted as `(rejected)`, whatever its name.
   */
  graphqlOperation(name: string | undefined, outcome: 'success' | 'error', accepted = true): void {
    if (!accepted) {
      this.graphqlOperations.inc({ operation: REJECTED_OPERATIONS, outcome });
      return;
    }
    let operation = name ?? '(anonymous)';
    if (!this.operationNames.has(operation)) {
      if (this.operationNames.size < MAX_OPERATION_NAMES) this.operationNames.add(operation);
      else operation = OTHER_OPERATIONS;
    }
    this.graphqlOperations.inc({ operation, outcome });
  }

  /** A gauge read when the metrics are scraped (a queue's depth, say); the scrape awaits a promise. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void {
    new this.prom.Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** A histogram of durations in seconds that a module reports to (`db_query_duration_seconds`). */
  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
  ): (labels: Record<L, string>, seconds: number) => void {
    const histogram = new this.prom.Histogram<L>({
      name,
      help,
      labelNames: [...labelNames],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [this.registry],
    });
    return (labels, seconds) => histogram.observe(labels as Partial<Record<L, string>>, seconds);
  }

  /** Reports `redis_up{client}`: 1 while the client is connected and ready, 0 otherwise. */
  watchRedis(client: string, redis: RedisStatusSource): void {
    const clients = this.redisClients;
    clients.set(client, redis);
    this.redisUp ??= new this.prom.Gauge({
      name: 'redis_up',
      help: 'Whether the Redis client is connected and ready (1) or not (0)',
      labelNames: ['client'],
      registers: [this.registry],
      collect() {
        for (const [name, source] of clients) this.set({ client: name }, source.status === 'ready' ? 1 : 0);
      },
    });
  }

  /** The metrics in Prometheus's text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** The content type of `text()`. */
  get contentType(): string {
    return this.registry.contentType;
  }
}
