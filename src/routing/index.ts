export { onAnswer } from './answer-listeners';
export type { RequestContext } from './request-context';
export { requestUrl } from './request-url';
export type { ResponseWriter } from './response-writer';
export type { WrittenAnswer } from './written-answer';
