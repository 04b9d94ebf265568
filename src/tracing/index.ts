export type { TraceAttributes, TraceStep, Tracing } from './tracing';
