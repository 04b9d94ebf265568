export { AppMetrics, type RedisStatusSource, UNMATCHED_ROUTE } from './app-metrics';
