import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const run = promisify(execFile);
const TRELLIS = require.resolve('../../../src');
const API = require.resolve('@opentelemetry/api');
const CORE = require.resolve('@opentelemetry/core');
const SDK = require.resolve('@opentelemetry/sdk-trace-base');

// A package under node_modules/@opentelemetry whose exports are a proxy that records every trap
// it sees: laying out the exports must not read through it.
function proxyPackage(): string {
  const dir = path.join(
    mkdtempSync(path.join(tmpdir(), 'trellis-otel-')),
    'node_modules',
    '@opentelemetry',
    'spec-proxy',
  );
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'index.js');
  writeFileSync(
    file,
    `const traps = [];
     const record = (name) => (...args) => { traps.push(name); return Reflect[name](...args); };
     module.exports = new Proxy({}, { get: record('get'), getPrototypeOf: record('getPrototypeOf'), has: record('has') });
     globalThis.specProxyTraps = traps;`,
  );
  return file;
}

// In a process of its own with V8's natives syntax: whether each exports object is in fast mode
// before and after an app with tracing is readied.
async function layoutAroundReady(tracing: boolean): Promise<Record<string, boolean | string[]>> {
  const script = `
    const api = require(${JSON.stringify(API)});
    const core = require(${JSON.stringify(CORE)});
    const { BasicTracerProvider } = require(${JSON.stringify(SDK)});
    require(${JSON.stringify(proxyPackage())});
    api.trace.setGlobalTracerProvider(new BasicTracerProvider());
    const { createApp } = require(${JSON.stringify(TRELLIS)});
    const before = { api: %HasFastProperties(api), core: %HasFastProperties(core) };
    createApp({ tracing: ${tracing}, accessLog: false }).ready().then(() => {
      console.log(JSON.stringify({
        apiBefore: before.api, coreBefore: before.core,
        apiAfter: %HasFastProperties(api), coreAfter: %HasFastProperties(core),
        traps: globalThis.specProxyTraps,
      }));
    });
  `;
  const { stdout } = await run(process.execPath, ['--allow-natives-syntax', '-e', script], {
    timeout: 20_000,
  });
  return JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
}

describe('Tracing lays out the OpenTelemetry packages for fast reads', function () {
  this.timeout(30_000);

  it('turns the API and core exports from dictionary mode into fast mode at ready()', async () => {
    const layout = await layoutAroundReady(true);
    expect(layout).to.include({ apiBefore: false, coreBefore: false, apiAfter: true, coreAfter: true });
  });

  it('leaves a package whose exports are a proxy untouched (no trap runs)', async () => {
    const layout = await layoutAroundReady(true);
    expect(layout.traps).to.deep.equal([]);
  });

  it('leaves them as they are when tracing is off', async () => {
    const layout = await layoutAroundReady(false);
    expect(layout).to.include({ apiAfter: false, coreAfter: false });
  });
});
