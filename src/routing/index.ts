export { onAnswer, type WrittenAnswer } from './answer-listeners';
export type { RequestContext } from './request-context';
export type { ResponseWriter } from './response-writer';
