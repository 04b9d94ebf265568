import type { IncomingMessage } from 'node:http';
import type { AppContainer } from '../../container/app-container';
import type { RequestContext } from '../http/request-context';
import { type MethodMetadata, type ParamMetadata, trellisError } from '../kernel';
import { clientAddress } from '../rate-limit';
import type { ReaderTable, RouteHook } from '../routing';
import { mimeMatcher } from './mime-match';
import { type ReceivedForm, readMultipart } from './read-multipart';
import { holdReceivedForm, receivedFormOf } from './received-forms';
import { removeFile } from './temp-file-sink';
import { uploadErrors } from './upload-errors';
import type { FileParamOptions } from './upload-options';
import { type FieldRule, UPLOAD_DEFAULTS, type UploadPlan } from './upload-plan';
import type { UploadsInProgress } from './uploads-in-progress';

// Where a request keeps the client place it holds until the handler's answer.
const PLACE = Symbol('trellis.uploadPlace');
type WithPlace = RequestContext & { [PLACE]?: string };

function maxBytesOf(options: FileParamOptions, where: string, container: AppContainer): number {
  const value = typeof options.maxBytes === 'function' ? options.maxBytes(container) : options.maxBytes;
  if (value === undefined) return UPLOAD_DEFAULTS.maxBytes;
  if (!Number.isSafeInteger(value) || value <= 0)
    throw trellisError(
      'TRELLIS_ERR_INVALID_OPTION',
      `${where}: maxBytes`,
      `must be a positive integer, got ${String(value)}`,
    );
  return value;
}

function ruleOf(param: ParamMetadata, where: string, container: AppContainer): FieldRule {
  const options = (param.options ?? {}) as FileParamOptions;
  return {
    maxBytes: maxBytesOf(options, where, container),
    maxFiles: options.maxFiles ?? UPLOAD_DEFAULTS.maxFiles,
    accepts: mimeMatcher(options.mimeTypes),
    sink: options.sink,
    required: options.required ?? false,
  };
}

function planOf(handler: MethodMetadata, where: string, container: AppContainer): UploadPlan {
  const fields = new Map<string, FieldRule>();
  let anyField: FieldRule | undefined;
  for (const param of handler.params) {
    if (param.kind !== 'file' && param.kind !== 'files') continue;
    if (param.name === undefined) anyField = ruleOf(param, where, container);
    else fields.set(param.name, ruleOf(param, where, container));
  }
  const rules = [...fields.values(), ...(anyField ? [anyField] : [])];
  return {
    fields,
    anyField,
    maxFiles: anyField ? anyField.maxFiles : rules.reduce((sum, rule) => sum + rule.maxFiles, 0),
    maxBytes: Math.max(0, ...rules.map((rule) => rule.maxBytes)),
    maxFields: UPLOAD_DEFAULTS.maxFields,
    maxFieldBytes: UPLOAD_DEFAULTS.maxFieldBytes,
  };
}

function formOf(ctx: RequestContext): ReceivedForm {
  return receivedFormOf(ctx) ?? { files: [], fields: {} };
}

const READERS: ReaderTable = {
  file: (param) => {
    const { name } = param;
    return {
      read: (ctx) => formOf(ctx).files.find((file) => file.fieldName === name),
      source: `files.${name}`,
    };
  },
  files: (param) => {
    const { name } = param;
    if (name === undefined) return { read: (ctx) => formOf(ctx).files, source: 'files' };
    return {
      read: (ctx) => formOf(ctx).files.filter((file) => file.fieldName === name),
      source: `files.${name}`,
    };
  },
  fields: () => ({ read: (ctx) => formOf(ctx).fields, source: 'fields' }),
};

function nodeRequest(ctx: RequestContext): IncomingMessage {
  // Fastify's request wraps Node's; Express's is Node's.
  return ctx.req.raw ?? ctx.req;
}

function readsForm(handler: MethodMetadata): boolean {
  return handler.params.some((p) => p.kind === 'file' || p.kind === 'files' || p.kind === 'fields');
}

/**
 * Routes with `UploadedFile`, `UploadedFiles` or `FormFields`, in the parse phase: after the
 * guards, the client's place is taken (429 past the cap) and the multipart body is read into
 * sinks (a refused one answers 413/415/422 with nothing left behind), before any preHandler
 * (`Idempotent()` fingerprints the files). At shutdown the bodies being read are aborted (503).
 */
export function multipartBodyHook(uploads: UploadsInProgress): RouteHook<'parse'> {
  return {
    name: 'multipart body',
    phase: 'parse',
    compile({ handler, where, container }) {
      if (!readsForm(handler)) return undefined;
      const plan = planOf(handler, where, container);
      const required = [...plan.fields].filter(([, rule]) => rule.required).map(([name]) => name);
      return {
        readers: READERS,
        async step(ctx: WithPlace) {
          if (uploads.isClosing) throw uploadErrors.shuttingDown();
          const client = clientAddress(ctx.req);
          if (!uploads.take(client)) throw uploadErrors.tooManyUploads(uploads.max);
          ctx[PLACE] = client;
          const form = await uploads.follow((signal) => readMultipart(nodeRequest(ctx), plan, signal));
          holdReceivedForm(ctx, form);
          const missing = required.find((name) => !form.files.some((file) => file.fieldName === name));
          if (missing !== undefined) throw uploadErrors.missingFile(missing);
        },
      };
    },
  };
}

/**
 * After the answer: the client's upload place is given back and the temporary files the handler
 * did not keep are removed, every one of them when the answer is an error (a `keep()` before a
 * failed move).
 */
export function uploadCleanupHook(uploads: UploadsInProgress): RouteHook<'onResponse'> {
  return {
    name: 'upload cleanup',
    phase: 'onResponse',
    compile({ handler }) {
      if (!readsForm(handler)) return undefined;
      return {
        step(ctx: WithPlace, failed: boolean) {
          const client = ctx[PLACE];
          if (client !== undefined) {
            ctx[PLACE] = undefined;
            uploads.give(client);
          }
          const form = receivedFormOf(ctx);
          if (!form) return;
          for (const file of form.files) if (file.path && (failed || !file.kept)) void removeFile(file.path);
        },
      };
    },
  };
}
