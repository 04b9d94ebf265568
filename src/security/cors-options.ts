/** Decides whether a browser origin (`https://app.example.com`) may call the API. */
export type OriginPredicate = (origin: string) => boolean | Promise<boolean>;

/** Cross-origin settings of the `cors` application option. */
export interface CorsOptions {
  /**
   * The origins allowed: a list (exact strings or regular expressions), a predicate, or `true`
   * for any origin (answered with `*`, so never with credentials).
   */
  origin: true | string | readonly (string | RegExp)[] | OriginPredicate;
  /** Lets the browser send cookies and read answers to credentialed requests; default false. */
  credentials?: boolean;
  /** Response headers the page's script may read, besides the safelisted ones. */
  exposedHeaders?: readonly string[];
  /** Request headers allowed; default: whatever the preflight asks for. */
  allowedHeaders?: readonly string[];
  /** Methods allowed; default GET, HEAD, PUT, PATCH, POST, DELETE. */
  methods?: readonly string[];
  /** How long, in seconds, a browser may cache a preflight answer; default: the browser's own. */
  maxAge?: number;
}
