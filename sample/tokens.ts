/** Container token of the sample's `SampleConfig`. */
export const SAMPLE_CONFIG = Symbol.for('sample.config');
/** Container token of the `SharedState` (stores and broadcaster shared between instances). */
export const SHARED_STATE = Symbol.for('sample.shared-state');
