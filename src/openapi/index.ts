export { openapiFeature } from './feature';
