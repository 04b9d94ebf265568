export type { Tracing } from './tracing';
