export { websocketFeature } from './feature';
