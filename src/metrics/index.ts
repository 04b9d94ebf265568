export type { AppMetrics } from './app-metrics';
