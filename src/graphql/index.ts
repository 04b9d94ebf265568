export { graphqlFeature } from './feature';
