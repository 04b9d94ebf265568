/** An answer as the route's writer put it on the wire. */
export interface WrittenAnswer {
  status: number;
  /** The serialised JSON body; absent for an empty answer. */
  body?: string;
  headers?: Record<string, string>;
}
