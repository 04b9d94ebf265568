export { type HealthCheck, HealthChecks, type ReadinessReport } from './health-checks';
export { redisHealthCheck } from './redis-health-check';
