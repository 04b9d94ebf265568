'use strict';
// A small keep-alive HTTP/1.1 load generator over raw sockets, for where autocannon is not
// installed (a machine without the bench's packages, the bundle): each connection sends one
// request (built once), reads the whole answer (Content-Length or chunked) and sends the next.
// It takes autocannon's options (url, method, headers, body, connections, duration or amount: a
// number of requests in all) and resolves
// to the same summary as lib/load.js prints.
const net = require('node:net');

/** The request bytes, built once per distinct header set. */
function requestBytes(url, method, headers, body) {
  const lines = [`${method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: keep-alive'];
  for (const [name, value] of Object.entries(headers ?? {})) lines.push(`${name}: ${value}`);
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  if (body !== undefined) lines.push(`content-length: ${payload.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), payload]);
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CHUNKED_END = Buffer.from('0\r\n\r\n');

/** Where the answer at the start of `buf` ends, and its status; undefined while incomplete. */
function parseAnswer(buf) {
  const headerEnd = buf.indexOf(HEADER_END);
  if (headerEnd < 0) return undefined;
  const head = buf.toString('latin1', 0, headerEnd);
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headerEnd + 4;
  if (length) {
    const end = bodyStart + Number(length[1]);
    return buf.length >= end ? { status, end } : undefined;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = buf.indexOf(CHUNKED_END, bodyStart);
    return last < 0 ? undefined : { status, end: last + CHUNKED_END.length };
  }
  return { status, end: bodyStart };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One run; resolves to { requests, rps, durationSec, p50, p99, max, errors, timeouts, non2xx }. */
function rawLoad({ url, method = 'GET', headers, body, connections, duration, amount, tokens }) {
  const target = new URL(url);
  const port = Number(target.port);
  const latencies = [];
  let requests = 0;
  let non2xx = 0;
  let errors = 0;
  let running = true;
  const sockets = [];
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    let sent = 0;
    const open = (index) => {
      // With `tokens`, each connection cycles through its own bearer tokens (see lib/load.js).
      const perClient = tokens ? Math.ceil(tokens.length / connections) : 0;
      const own = tokens ? tokens.slice(index * perClient, index * perClient + perClient) : [];
      const builds = own.length
        ? own.map((token) => requestBytes(target, method, { ...headers, authorization: `Bearer ${token}` }, body))
        : [requestBytes(target, method, headers, body)];
      let next = 0;
      let sentAt = 0n;
      let pending = Buffer.alloc(0);
      const socket = net.connect({ host: target.hostname, port, noDelay: true });
      sockets.push(socket);
      const send = () => {
        if (amount && sent >= amount) return;
        sent++;
        sentAt = process.hrtime.bigint();
        socket.write(builds[next]);
        next = (next + 1) % builds.length;
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        const answer = parseAnswer(pending);
        if (!answer) return;
        pending = pending.subarray(answer.end);
        if (!running) return;
        requests++;
        if (answer.status < 200 || answer.status >= 300) non2xx++;
        latencies.push(Number(process.hrtime.bigint() - sentAt) / 1e6);
        if (amount && requests >= amount) finish();
        else send();
      });
      socket.on('error', () => errors++);
      socket.on('close', () => {
        if (running) setTimeout(() => running && open(index), 10);
      });
    };
    const finish = () => {
      if (!running) return;
      running = false;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      for (const socket of sockets) socket.destroy();
      latencies.sort((a, b) => a - b);
      const round = (ms) => Math.round(ms * 100) / 100;
      resolve({
        requests,
        rps: requests / seconds,
        durationSec: seconds,
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies[latencies.length - 1] ?? 0),
        errors,
        timeouts: 0,
        non2xx,
      });
    };
    for (let i = 0; i < connections; i++) open(i);
    if (!amount) setTimeout(finish, duration * 1000);
  });
}

module.exports = { rawLoad };
