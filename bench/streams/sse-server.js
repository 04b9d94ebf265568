// An event-stream server in its own process: Trellis on an engine, `GET /events` streaming an
// EventFeed topic and `GET /health` answering JSON. Publishes one event per second carrying its
// send time; prints its port, and its RSS (idle, then peak) when asked (`rss` on stdin).
'use strict';
require('reflect-metadata');
const { Controller, EventFeed, Get, LastEventId, Sse, createApp } = require('../../dist/index.js');

const engine = process.argv[2];
const feed = new EventFeed();

class EventsController {
  events(lastEventId) {
    return feed.stream('ticks', lastEventId);
  }
  health() {
    return { status: 'ok' };
  }
}
const proto = EventsController.prototype;
Controller('/')(EventsController);
Sse('/events')(proto, 'events', Object.getOwnPropertyDescriptor(proto, 'events'));
LastEventId()(proto, 'events', 0);
Get('/health')(proto, 'health', Object.getOwnPropertyDescriptor(proto, 'health'));

async function main() {
  const app = createApp({
    engine,
    controllers: [EventsController],
    logger: require('pino')({ level: 'silent' }),
    // Every bench client shares 127.0.0.1, which the default cap (128 per client) would refuse.
    sse: { maxConnectionsPerClient: 10_000 },
  });
  const server = await app.listen(0);
  const idle = process.memoryUsage().rss;
  let peak = idle;
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50).unref();
  setInterval(() => void feed.publish('ticks', { sentAt: Date.now() }, 'tick'), 1000);
  process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`);
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (line) => {
    if (line.startsWith('rss')) process.stdout.write(`${JSON.stringify({ idle, peak, now: process.memoryUsage().rss })}\n`);
    if (line.startsWith('exit')) process.exit(0);
  });
}

main();
