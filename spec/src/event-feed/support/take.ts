import type { FeedEvent } from '../../../../src/event-feed/event-feed';

/** The next `count` events of `stream`; fails after 3 s. */
export async function take(stream: AsyncIterableIterator<FeedEvent>, count: number): Promise<FeedEvent[]> {
  const taken: FeedEvent[] = [];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`got ${taken.length} of ${count}`)), 3000);
  });
  try {
    while (taken.length < count) {
      const next = await Promise.race([stream.next(), timeout]);
      if (next.done) break;
      taken.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  return taken;
}
