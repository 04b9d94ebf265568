import type { IncomingHttpHeaders } from 'node:http';
import cookieParser from 'cookie-parser';
import type { Request, Response } from 'express';
import type { RequestScope } from '../../../container/request-scope';
import type { RequestContext } from '../../http/request-context';

const parseCookies = cookieParser();
const ignore = () => {};

/** A request as Express delivers it; query and cookies are parsed on first read only. */
export class ExpressContext implements RequestContext {
  body: unknown;
  state?: Record<string, unknown>;
  answerHeaders?: Record<string, string>;
  scope?: RequestScope;
  private parsedQuery?: Record<string, unknown>;

  constructor(
    readonly req: Request,
    readonly res: Response,
    readonly params: Record<string, string>,
  ) {
    this.body = req.body;
  }

  get transport(): string {
    return 'http';
  }

  get method(): string {
    return this.req.method;
  }

  get headers(): IncomingHttpHeaders {
    return this.req.headers;
  }

  get query(): Record<string, unknown> {
    // Express 5 re-parses the query string on every read of req.query.
    this.parsedQuery ??= this.req.query as Record<string, unknown>;
    return this.parsedQuery;
  }

  get cookies(): Record<string, string | undefined> {
    if (this.req.cookies === undefined) parseCookies(this.req, this.res, ignore);
    return this.req.cookies;
  }
}
