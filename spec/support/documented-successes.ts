import type { Application } from '../../src/app/application';
import type { InjectOptions } from '../../src/http/inject';

/** What the walk keeps between steps: ids and tokens that later requests need. */
export type WalkState = Record<string, any>;

/** A status and body, from `app.inject` or from a request over a socket. */
export interface WalkAnswer {
  statusCode: number;
  body: string;
}

/** One documented operation and a request that should succeed on it. */
export interface WalkStep {
  /** `METHOD /path/{param}` as the OpenAPI document names it. */
  operation: string;
  /** The request, sent with `app.inject`; ignored when `send` is given. */
  request?(state: WalkState): InjectOptions | Promise<InjectOptions>;
  /** Sends the request another way (an event stream that never ends, say). */
  send?(state: WalkState): Promise<WalkAnswer>;
  /** Keeps what later steps need from the answer. */
  keep?(body: any, state: WalkState): void;
}

/** What the walk found: the operations the document lists, and each step's disagreement. */
export interface WalkReport {
  documented: string[];
  walked: string[];
  mismatches: string[];
}

interface Operation {
  responses: Record<string, { content?: unknown }>;
}

/**
 * Sends each step's request, in order, and compares the status of its answer with the success
 * statuses the app's own OpenAPI document lists for that operation: a 2xx the document does not
 * list (or an answer that is not a success at all) is a mismatch, as is a documented 204 with a
 * body schema.
 */
export async function walkDocumentedSuccesses(
  app: Application,
  steps: readonly WalkStep[],
  state: WalkState = {},
): Promise<WalkReport> {
  const doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(item))
      operations.set(`${method.toUpperCase()} ${path}`, operation);
  const mismatches: string[] = [];
  for (const step of steps) {
    const operation = operations.get(step.operation);
    if (!operation) {
      mismatches.push(`${step.operation}: not in the document`);
      continue;
    }
    const answer = step.send ? await step.send(state) : await app.inject(await step.request!(state));
    const documented = Object.keys(operation.responses).filter((status) => /^2\d\d$/.test(status));
    if (!documented.includes(String(answer.statusCode)))
      mismatches.push(
        `${step.operation}: answered ${answer.statusCode} ${answer.body.slice(0, 200)}, documents ${documented.join(', ')}`,
      );
    if (operation.responses['204']?.content)
      mismatches.push(`${step.operation}: documents a 204 with a body`);
    if (answer.statusCode >= 200 && answer.statusCode < 300 && step.keep)
      step.keep(answer.body === '' ? undefined : JSON.parse(answer.body), state);
  }
  return {
    documented: [...operations.keys()].sort(),
    walked: steps.map((step) => step.operation).sort(),
    mismatches,
  };
}
