'use strict';
// The applications the jobs bench runs: one `noop` job (an empty handler, or one that notes its
// start for the latency run), one `work` job that records each run in `bench_runs` (the crash
// run), and a route that enqueues in Transactional() and throws on demand (the outbox run).
// Decorators are applied by hand: this file is plain JavaScript on the built package.
const { z } = require('zod');
const pino = require('pino');
const trellis = require('../../dist/index');

const { createApp, Injectable, Job, Jobs, Controller, Post, Query, Transactional, Inject, Database } = trellis;

/** Called with each `noop` run's payload; the latency run replaces it. */
const hooks = { noop: (_payload) => {} };

class NoopJobs {
  constructor(db) {
    this.db = db;
  }
  noop(payload) {
    hooks.noop(payload);
  }
  async work(payload) {
    await this.db.insertInto('bench_runs').values({ job: payload.n, pid: process.pid }).execute();
  }
}
Job('noop', z.object({ t: z.number().optional() }), { maxAttempts: 1 })(NoopJobs.prototype, 'noop');
Job('work', z.object({ n: z.number() }))(NoopJobs.prototype, 'work');
Inject(Database)(NoopJobs, undefined, 0);
Injectable()(NoopJobs);
// The constructor's one parameter, written as TypeScript's decorator metadata would.
Reflect.defineMetadata('design:paramtypes', [Object], NoopJobs);

class Signups {
  constructor(jobs) {
    this.jobs = jobs;
  }
  async create(query) {
    const fail = query.fail;
    await this.jobs.enqueue('noop', {});
    if (fail === '1') throw new Error('rolled back on purpose');
    return { ok: true };
  }
}
Inject(Jobs)(Signups, undefined, 0);
Reflect.defineMetadata('design:paramtypes', [Object], Signups);
Controller('/signups')(Signups);
Post()(Signups.prototype, 'create', Object.getOwnPropertyDescriptor(Signups.prototype, 'create'));
Query()(Signups.prototype, 'create', 0);
Transactional()(Signups.prototype, 'create', Object.getOwnPropertyDescriptor(Signups.prototype, 'create'));
Reflect.defineMetadata('design:paramtypes', [Object], Signups.prototype, 'create');

/** An application on `url` running the bench's jobs. */
function jobsApp(url, options = {}) {
  return createApp({ logger: pino({ level: 'silent' }), controllers: options.controllers ? [Signups] : [] })
    .install('database', { url, driver: options.driver })
    .install('jobs', {
      handlers: [NoopJobs],
      concurrency: options.concurrency ?? 10,
      worker: options.worker,
      pollIntervalMs: options.pollIntervalMs ?? 100,
      lockTimeoutMs: options.lockTimeoutMs,
    });
}

module.exports = { hooks, jobsApp, NoopJobs };
