/**
 * The payload of each job by name, declared by whoever defines the job
 * (`declare module 'trellis' { interface JobPayloadMap { 'send-welcome': { userId: string } } }`),
 * so that enqueueing a known name is type-checked; other names take `unknown`. Inside this
 * repository an augmentation targets this file, where the interface is declared.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by declaration merging
export interface JobPayloadMap {}
