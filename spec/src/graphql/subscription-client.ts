import { type Client, createClient } from 'graphql-ws';
import WebSocket from 'ws';

const WAIT_MS = 3000;

/** What a subscription delivered, as a graphql-ws client saw it. */
export class SubscriptionProbe {
  readonly results: { data?: any; errors?: any[] }[] = [];
  error?: unknown;
  completed = false;
  unsubscribe: () => void = () => {};

  /** Waits until `count` results arrived (or the subscription failed) and returns them. */
  async take(count: number, timeoutMs = WAIT_MS): Promise<{ data?: any; errors?: any[] }[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.results.length < count && this.error === undefined) {
      if (Date.now() > deadline)
        throw new Error(`${this.results.length} of ${count} results within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.results.slice(0, count);
  }
}

/** A real graphql-ws client over `ws`, sending `token` in `connection_init` when given. */
export function subscriptionClient(httpUrl: string, token?: string, path = '/graphql'): Client {
  return createClient({
    url: httpUrl.replace(/^http/, 'ws') + path,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Starts a subscription and records what it delivers. */
export function subscribe(
  client: Client,
  query: string,
  variables?: Record<string, unknown>,
): SubscriptionProbe {
  const probe = new SubscriptionProbe();
  probe.unsubscribe = client.subscribe(
    { query, variables },
    {
      next: (result) => probe.results.push(result as { data?: any; errors?: any[] }),
      error: (err) => {
        probe.error = err;
      },
      complete: () => {
        probe.completed = true;
      },
    },
  );
  return probe;
}

/** Waits until `check` holds, polling; fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
