import path from 'node:path';
import { expect } from 'chai';

interface Target {
  name: string;
  value: number;
  passed?: boolean;
}
interface Measured {
  rps: number;
  cpuUsPerReq: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  timeouts: number;
}

// The harness is plain JavaScript outside the build; specs run from dist/spec/bench/.
const ROOT = path.resolve(__dirname, '../../..');
const { summarise } = require(path.join(ROOT, 'bench/lib/summarise')) as {
  summarise(results: unknown): { targets: Target[] };
};

function measured(rps: number, cpuUsPerReq = 1_000_000 / rps): Measured {
  return { rps, cpuUsPerReq, p50: 1, p99: 2, errors: 0, non2xx: 0, timeouts: 0 };
}

function round(routes: Record<string, number>) {
  return {
    startupMs: 500,
    idleRssMiB: 80,
    routes: Object.fromEntries(Object.entries(routes).map(([name, rps]) => [name, measured(rps)])),
  };
}

function resultsWith(rounds: ReturnType<typeof round>[]) {
  return {
    routes: ['hello', 'protected', 'scoped'].map((name) => ({ name, label: name })),
    stacks: { 'trellis-express': { label: 'Trellis', rounds, failures: [] } },
  };
}

function targetNamed(targets: Target[], start: string): Target {
  const found = targets.find((candidate) => candidate.name.startsWith(start));
  if (!found) throw new Error(`no target '${start}'`);
  return found;
}

describe('bench: summarise', () => {
  // The machine's speed changed from round to round; in two rounds of three /protected and
  // /scoped cost what /hello costs. Medians taken over rounds would pair /hello of the last round
  // (29,000) with /protected and /scoped of the first (20,000 and 20,000): 1.45 x, a miss.
  const drifting = resultsWith([
    round({ hello: 20_000, protected: 20_000, scoped: 20_000 }),
    round({ hello: 30_000, protected: 30_000, scoped: 30_000 }),
    round({ hello: 29_000, protected: 10_000, scoped: 10_000 }),
  ]);

  it('compares two routes of one stack round by round, so drift between rounds cancels out', () => {
    const { targets } = summarise(drifting);
    const guarded = targetNamed(targets, '/protected at most 25% slower than /hello (express)');
    expect(guarded.value).to.equal(1);
    expect(guarded.passed).to.equal(true);
    const scoped = targetNamed(
      targets,
      'Request-scoped route within 10% of the singleton route /hello (express)',
    );
    expect(scoped.value).to.equal(1);
    expect(scoped.passed).to.equal(true);
  });

  it('fails a route-to-route target when the guarded route is slower in most rounds', () => {
    const { targets } = summarise(
      resultsWith([
        round({ hello: 10_000, protected: 7_000, scoped: 10_000 }),
        round({ hello: 30_000, protected: 21_000, scoped: 20_000 }),
        round({ hello: 20_000, protected: 21_000, scoped: 19_000 }),
      ]),
    );
    const guarded = targetNamed(targets, '/protected at most 25% slower than /hello (express)');
    expect(guarded.value).to.be.closeTo(10 / 7, 1e-9);
    expect(guarded.passed).to.equal(false);
    const scoped = targetNamed(
      targets,
      'Request-scoped route within 10% of the singleton route /hello (express)',
    );
    expect(scoped.value).to.be.closeTo(0.95, 1e-9);
    expect(scoped.passed).to.equal(true);
  });

  it('compares Trellis on Fastify (with the same headers) with Fastify on the list route within each round, and CPU with bare node:http', () => {
    const items = (rps: number, cpu: number) => ({
      startupMs: 500,
      idleRssMiB: 80,
      routes: { items: measured(rps, cpu) },
    });
    const { targets } = summarise({
      routes: [{ name: 'items', label: 'items' }],
      stacks: {
        // Round two ran on a slower machine for everyone: per-round ratios 0.96, 0.97, 0.9.
        'trellis-fastify-same-headers': {
          label: 'Trellis',
          rounds: [items(9_600, 105), items(4_850, 220), items(9_000, 120)],
          failures: [],
        },
        // With its default security headers: per-round ratios 0.8, 0.8, 0.85.
        'trellis-fastify': {
          label: 'Trellis with helmet',
          rounds: [items(8_000, 120), items(4_000, 240), items(8_500, 110)],
          failures: [],
        },
        fastify: {
          label: 'Fastify',
          rounds: [items(10_000, 100), items(5_000, 200), items(10_000, 100)],
          failures: [],
        },
        'node-http': {
          label: 'node',
          rounds: [items(11_000, 100), items(5_500, 200), items(11_000, 100)],
          failures: [],
        },
      },
    });
    const fastify = targetNamed(
      targets,
      'Fastify engine (same headers) >= 0.95 x Fastify 5 with a response schema on items',
    );
    expect(fastify.value).to.be.closeTo(0.96, 1e-9);
    expect(fastify.passed).to.equal(true);
    const cpu = targetNamed(
      targets,
      'Server CPU per request on items within 10% of bare node:http (trellis-fastify-same-headers)',
    );
    expect(cpu.value).to.be.closeTo(1.1, 1e-9);
    expect(cpu.passed).to.equal(true);
    expect(
      targetNamed(targets, 'Server CPU per request on items within 10% of bare node:http (trellis-express)')
        .passed,
    ).to.equal(undefined);
    // Measured and shown, but neither passed nor failed.
    const withHelmet = targetNamed(
      targets,
      'Fastify engine with its default security headers / Fastify 5 on items',
    );
    expect(withHelmet.value).to.be.closeTo(0.8, 1e-9);
    expect(withHelmet.passed).to.equal(undefined);
  });
});
