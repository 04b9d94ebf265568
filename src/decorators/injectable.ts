import { injectable } from 'inversify';
import type { Scope } from '../../container/scope';
import { metadataRegistry } from '../metadata/registry';

/** Marks a class for constructor injection, with its scope (`'singleton'` by default). */
export function Injectable(scope: Scope = 'singleton'): ClassDecorator {
  return (target) => {
    metadataRegistry.forClass(target).scope = scope;
    injectable()(target);
  };
}
