// Trellis under serve(): BENCH_WORKERS workers (default 1) on one port, each the bench app on
// BENCH_ENGINE, through the package's supported way to run on several cores. The primary prints
// `all serving` once every worker serves (the curve measures only then).
import { serve } from '../../dist';
import { HOST, PORT } from './fixtures';
import { createBenchApp } from './trellis-app';

const engine = process.env.BENCH_ENGINE === 'fastify' ? 'fastify' : 'express';

void serve(() => createBenchApp(engine, 10, {}), {
  workers: Number(process.env.BENCH_WORKERS ?? 1),
  port: PORT,
  host: HOST,
}).then((served) => {
  if (served.role === 'primary') process.stdout.write(`all serving ${served.url}\n`);
});
