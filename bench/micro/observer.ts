// The cost of observing one request, without HTTP: the function every request passes through
// first when request ids, access log, metrics (and tracing) are on, and the work done when its
// answer ends ('close'), called in a loop on Node's own request and response objects. CPU time per
// request, steadier than any HTTP figure on a busy machine. Log lines go to stdout: send it to
// /dev/null. MICRO_DIST points it at another build (a copy of dist/ from an earlier commit).
//
//   node bench/micro/observer.js > /dev/null
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import { recordSpans } from '../stacks/record-spans';
import { withSpanByHand } from '../stacks/span-by-hand';

const WARMUP = 20_000;
// Trellis makes the spans of the requests answered in one turn of the event loop after it; the
// loop below has no turns, so the pending spans are made every this many requests, as a turn that
// answered that many would.
const REQUESTS_PER_TURN = 32;
const ITERATIONS = Number(process.env.MICRO_ITERATIONS ?? 200_000);
const DIST = process.env.MICRO_DIST ?? path.join(__dirname, '..', '..', 'dist');

type Observer = (req: IncomingMessage, res: ServerResponse) => void;

interface Observed {
  observe: Observer;
  /** Makes the spans pending at the end of a turn, when Trellis traces. */
  endTurn?: () => void;
}

function load<T>(file: string): T {
  return require(path.join(DIST, 'src', file)) as T;
}

function observer(tracing: boolean): Observed {
  const { createRequestObserver } = load<{ createRequestObserver(parts: object): Observer }>(
    'observability/request-observer',
  );
  const { createAccessLog } = load<{ createAccessLog(logger: unknown, options: object): unknown }>(
    'observability/access-log',
  );
  const { createLogger } = load<{ createLogger(): unknown }>('logging/logger');
  const { AppMetrics } = load<{ AppMetrics: new (options: object) => unknown }>('metrics/app-metrics');
  const { Tracing } = load<{ Tracing: new () => { prepare?(): void; flush?(): void } }>('tracing/tracing');
  // As ready() does: the OpenTelemetry packages' exports are laid out for fast reads from here on.
  const tracer = tracing ? new Tracing() : undefined;
  tracer?.prepare?.();
  const observe = createRequestObserver({
    requestId: true,
    accessLog: createAccessLog(createLogger(), {}),
    metrics: new AppMetrics({ defaultMetrics: false }),
    tracing: tracer,
    findRoute: () => '/hello',
  });
  return { observe, endTurn: tracer?.flush ? () => tracer.flush?.() : undefined };
}

function measure(name: string, { observe, endTurn }: Observed): void {
  const socket = new Socket();
  const once = () => {
    const req = new IncomingMessage(socket);
    req.method = 'GET';
    req.url = '/hello';
    const res = new ServerResponse(req);
    observe(req, res);
    res.statusCode = 200;
    res.emit('close');
  };
  const turn = (i: number) => {
    once();
    if (endTurn && i % REQUESTS_PER_TURN === REQUESTS_PER_TURN - 1) endTurn();
  };
  for (let i = 0; i < WARMUP; i++) turn(i);
  const start = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) turn(i);
  const used = process.cpuUsage(start);
  process.stderr.write(
    `${name.padEnd(34)} ${((used.user + used.system) / ITERATIONS).toFixed(2)} µs/request\n`,
  );
}

function main(): void {
  process.env.LOG_LEVEL ??= 'info';
  recordSpans();
  measure('nothing observed (the loop itself)', { observe: () => {} });
  measure('request id + access log + metrics', observer(false));
  // What tracing costs without Trellis: the same span made by hand beside the untraced observer,
  // first with the packages' exports as they load, then after Trellis's tracing laid them out.
  measure('the same + the SDK by hand', { observe: withSpanByHand(observer(false).observe, () => '/hello') });
  measure('the same + tracing', observer(true));
  measure('the SDK by hand, exports laid out', {
    observe: withSpanByHand(observer(false).observe, () => '/hello'),
  });
}

main();
