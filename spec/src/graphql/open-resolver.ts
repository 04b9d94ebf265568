import { z } from 'zod';
import { Query, Resolver, Subscription, SubscriptionPublisher } from '../../../src';

/** An unguarded resolver: `ping` answers over any socket, `open` streams the topic 'open'. */
@Resolver()
export class OpenResolver {
  constructor(private readonly events: SubscriptionPublisher) {}

  @Query(z.string())
  ping() {
    return 'pong';
  }

  @Subscription(z.string())
  open() {
    return this.events.subscribe('open');
  }
}
