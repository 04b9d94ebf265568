import { metadataRegistry } from '../kernel';

function doc(field: 'summary' | 'description') {
  return (text: string): ClassDecorator & MethodDecorator =>
    ((target: Function | object, key?: string | symbol) => {
      if (key === undefined) metadataRegistry.forClass(target as Function)[field] = text;
      else metadataRegistry.forMethod((target as object).constructor, key)[field] = text;
    }) as ClassDecorator & MethodDecorator;
}

/** A one-line summary of a route (OpenAPI). */
export const Summary = doc('summary');
/** A longer description of a route or controller (OpenAPI). */
export const Description = doc('description');
