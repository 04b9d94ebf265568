import type { SharedState } from '../shared-state';
import { SHARED_STATE } from '../tokens';
import { DatabaseFeedStore, EventFeed, type FeedEvent, Inject, Injectable } from '../trellis';
import type { Task } from './task';

const TOPIC = 'tasks';
/** The event name of a new task on `/tasks/events`. */
export const TASK_CREATED_EVENT = 'taskCreated';

/** New tasks as a resumable event feed, shared by every instance (through Redis, or the PostgreSQL database). */
@Injectable()
export class TaskFeed {
  private readonly feed: EventFeed;

  constructor(
    @Inject(SHARED_STATE) state: SharedState,
    @Inject(DatabaseFeedStore) database: DatabaseFeedStore,
  ) {
    this.feed = new EventFeed({ store: state.feedStore ?? database, broadcaster: state.broadcaster });
  }

  /** Announces a task that was just created. */
  created(task: Task): Promise<FeedEvent<Task>> {
    return this.feed.publish(TOPIC, task, TASK_CREATED_EVENT);
  }

  /** The tasks created after `lastEventId`, then each new one. */
  stream(lastEventId?: string): AsyncIterableIterator<FeedEvent> {
    return this.feed.stream(TOPIC, lastEventId);
  }
}
