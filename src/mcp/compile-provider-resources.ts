import type { Class, MethodMetadata } from '../kernel';
import { callContext, compileProviderMethod, type ProviderEnv, refusal } from './compile-provider-handlers';
import { McpInvalidUriError } from './mcp-errors';
import type { CompiledResource, ResourceContents } from './mcp-handlers';
import type { ResourceMetadata } from './mcp-metadata';
import { JSON_RPC, jsonRpcError, loadUriTemplate } from './mcp-sdk';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What a resource method returned, as MCP's `ReadResourceResult`: text (a string or `{ text }`),
 * bytes (a Buffer or `{ blob }` in base64), a result with `contents` as it is, anything else as JSON.
 */
export function resourceContents(
  value: unknown,
  uri: string,
  mimeType: string | undefined,
): ResourceContents {
  if (isRecord(value) && Array.isArray(value.contents)) return value as ResourceContents;
  if (typeof value === 'string')
    return { contents: [{ uri, mimeType: mimeType ?? 'text/plain', text: value }] };
  if (value instanceof Uint8Array)
    return {
      contents: [
        {
          uri,
          mimeType: mimeType ?? 'application/octet-stream',
          blob: Buffer.from(value).toString('base64'),
        },
      ],
    };
  if (isRecord(value) && typeof value.text === 'string')
    return { contents: [{ uri, mimeType: value.mimeType ?? mimeType ?? 'text/plain', text: value.text }] };
  if (isRecord(value) && typeof value.blob === 'string')
    return {
      contents: [
        { uri, mimeType: value.mimeType ?? mimeType ?? 'application/octet-stream', blob: value.blob },
      ],
    };
  return { contents: [{ uri, mimeType: mimeType ?? 'application/json', text: JSON.stringify(value) }] };
}

/** A refusal as the JSON-RPC error of a read or a prompt: its body as data. */
export function refusalError(err: unknown, env: ProviderEnv, handler: string, missing: number): Error {
  const { exception, body } = refusal(err, env, handler);
  const status = exception.statusCode;
  const code =
    status === 404
      ? missing
      : status >= 400 && status < 500
        ? JSON_RPC.INVALID_PARAMS
        : JSON_RPC.INTERNAL_ERROR;
  return jsonRpcError(code, exception.message, body);
}

/**
 * A provider's method as a resource (a fixed URI) or a resource template (RFC 6570, matched by
 * the SDK's `UriTemplate`): called with the URI as a `URL` and the template's variables.
 */
export function compileProviderResource(
  target: Class,
  method: MethodMetadata,
  meta: ResourceMetadata,
  env: ProviderEnv,
): CompiledResource {
  const where = `${target.name}.${method.name}`;
  if (!SCHEME.test(meta.uri)) throw new McpInvalidUriError(where, meta.uri);
  let template: { match(uri: string): Record<string, string | string[]> | null } | undefined;
  try {
    const UriTemplate = meta.uri.includes('{') ? loadUriTemplate() : undefined;
    template = UriTemplate?.isTemplate(meta.uri) ? new UriTemplate(meta.uri) : undefined;
  } catch (err) {
    const error = new McpInvalidUriError(where, meta.uri);
    error.cause = err;
    throw error;
  }
  if (!template && !URL.canParse(meta.uri)) throw new McpInvalidUriError(where, meta.uri);
  const compiled = compileProviderMethod(target, method, env, undefined, [
    (ctx) => ctx.uri,
    (ctx) => ctx.variables,
  ]);
  const name = meta.name ?? method.name;
  const described = {
    name,
    ...(meta.title && { title: meta.title }),
    ...(meta.description && { description: meta.description }),
    ...(meta.mimeType && { mimeType: meta.mimeType }),
  };
  return {
    uri: meta.uri,
    handler: compiled.handler,
    visibility: compiled.visibility,
    notifies: compiled.notifies,
    definition: template ? { uriTemplate: meta.uri, ...described } : { uri: meta.uri, ...described },
    ...(template && { match: (uri: string) => template.match(uri) }),
    async read(uri, variables, invocation) {
      let value: unknown;
      try {
        value = await compiled.invoke(callContext(invocation, undefined, { uri: new URL(uri), variables }));
      } catch (err) {
        throw refusalError(err, env, compiled.handler, JSON_RPC.RESOURCE_NOT_FOUND);
      }
      return resourceContents(value, uri, meta.mimeType);
    },
  };
}
