export { AppMetrics, type RedisStatusSource, UNMATCHED_ROUTE } from './app-metrics';
export { createMetricsServer } from './metrics-server';
