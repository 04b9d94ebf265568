// The whole public API: the core, the container backbone and the built-in modules.
export * from './container';
export * from './modules/auth';
export * from './modules/rbac';
export * from './src';
