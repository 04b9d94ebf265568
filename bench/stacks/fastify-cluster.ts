// Hand-written Fastify (the same twelve security headers as Trellis sends) under node:cluster, as
// its documentation shows: the primary forks BENCH_WORKERS workers (default 1), each running
// stacks/fastify.ts on the shared port, and prints `all serving` once every worker listens.
import cluster from 'node:cluster';

const workers = Number(process.env.BENCH_WORKERS ?? 1);

if (cluster.isPrimary) {
  let listening = 0;
  cluster.on('listening', () => {
    if (++listening === workers) process.stdout.write('all serving\n');
  });
  for (let i = 0; i < workers; i++) cluster.fork({ ...process.env, BENCH_FASTIFY: 'same-headers' });
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    process.exit(0);
  });
} else {
  require('./fastify');
}
