export { type TraceAttributes, type TraceStep, Tracing } from './tracing';
