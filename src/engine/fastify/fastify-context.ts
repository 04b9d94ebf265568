import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestScope } from '../../../container/request-scope';
import type { RequestContext } from '../../http/request-context';
import { parseCookies } from './cookies';

/** A request as Fastify delivers it; cookies are parsed on first read only. */
export class FastifyContext implements RequestContext {
  body: unknown = undefined;
  state?: Record<string, unknown>;
  answerHeaders?: Record<string, string>;
  scope?: RequestScope;
  private parsedCookies?: Record<string, string | undefined>;

  constructor(
    readonly req: FastifyRequest,
    readonly res: FastifyReply,
    readonly params: Record<string, string>,
  ) {}

  get transport(): string {
    return 'http';
  }

  get method(): string {
    return this.req.method;
  }

  get headers(): IncomingHttpHeaders {
    return this.req.raw.headers;
  }

  get query(): Record<string, unknown> {
    return this.req.query as Record<string, unknown>;
  }

  get cookies(): Record<string, string | undefined> {
    this.parsedCookies ??= parseCookies(this.req.raw.headers.cookie);
    return this.parsedCookies;
  }
}
