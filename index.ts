export * from './container';
export * from './src';
