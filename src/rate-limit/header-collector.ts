/**
 * A stand-in response for `check()`: express-rate-limit sets its headers here, and they go
 * onto the 429 exception or, when the request passes, onto the real response.
 */
export class HeaderCollector {
  readonly headersSent = false;
  readonly headers: Record<string, string> = {};

  setHeader(name: string, value: string | number): this {
    this.headers[name] = String(value);
    return this;
  }

  /** Adds a value to a list field, as Express's `res.append` does (express-rate-limit's draft-8 fields). */
  append(name: string, value: string): this {
    const before = this.headers[name];
    this.headers[name] = before === undefined ? value : `${before}, ${value}`;
    return this;
  }

  getHeader(name: string): string | undefined {
    return this.headers[name];
  }

  /** Copies the headers onto Node's response, Express's `res`, or Fastify's `reply` (through `reply.raw`). */
  copyTo(res: unknown): void {
    const target = res as { setHeader?: unknown; raw?: { setHeader?: unknown } } | undefined;
    const node = typeof target?.setHeader === 'function' ? target : target?.raw;
    if (typeof node?.setHeader !== 'function') return;
    for (const name in this.headers)
      (node.setHeader as (n: string, v: string) => void)(name, this.headers[name]);
  }
}
