import { metadataRegistry } from '../kernel';
import { MCP_RESOURCE } from './mcp-metadata';
import type { ResourceOptions } from './resource-options';

/**
 * Makes the method (of one of the `mcp` module's `providers`) read an MCP resource: a fixed URI
 * (`config://app`) or an RFC 6570 template (`notes://{id}`), whose variables come second. It
 * returns `{ text }`, `{ blob }` (base64), a string, a `Buffer`, or an MCP `ReadResourceResult`.
 * @example @Resource('notes://{id}', { mimeType: 'text/markdown' }) note(uri: URL, { id }: { id: string }) {}
 */
export function Resource(uriOrTemplate: string, options: ResourceOptions = {}): MethodDecorator {
  return (target, key) => {
    metadataRegistry.forMethod(target.constructor, key).set(MCP_RESOURCE, { uri: uriOrTemplate, ...options });
  };
}
