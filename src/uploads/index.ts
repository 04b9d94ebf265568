// What modules use of uploads; applications get theirs from the root index.
export type { ReceivedForm } from './read-multipart';
export { receivedFormOf } from './received-forms';
