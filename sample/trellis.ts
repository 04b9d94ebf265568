// The sample imports the framework only through here, as an application imports the package
// (`from 'trellis'`); in this repository the package entry is the root index.
export * from '../index';
