export { onAnswer, type WrittenAnswer } from './answer-listeners';
export type { RequestContext } from './request-context';
export { requestUrl } from './request-url';
export type { ResponseWriter } from './response-writer';
