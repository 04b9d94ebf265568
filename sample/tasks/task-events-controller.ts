import { Controller, Description, LastEventId, Permissions, Sse, Summary } from '../trellis';
import { TaskFeed } from './task-feed';

/** New tasks as server-sent events. */
@Controller('/tasks')
export class TaskEventsController {
  constructor(private readonly feed: TaskFeed) {}

  @Sse('/events')
  @Permissions('tasks.read')
  @Summary('New tasks as server-sent events')
  @Description(
    'Event `taskCreated`, data the task as GET /tasks shows it, ids increasing integers. Reconnecting with `Last-Event-ID` replays what was missed (at least the last 1,000 events), on any instance.',
  )
  events(@LastEventId() lastEventId?: string) {
    return this.feed.stream(lastEventId);
  }
}
