import type { Kysely, SelectQueryBuilder } from 'kysely';
import { seek } from '../database/keyset';
import type { SampleDatabase } from '../database/schema';
import type { Listing } from '../paging/list-page';
import { Database, Inject, Injectable, type KeysetOrder, type KeysetPlan, Transactional } from '../trellis';
import { type NewTask, TASK_STATUSES, type Task, type TaskCounts, type TaskStatus } from './task';

interface TaskRow {
  id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  created_at: string;
  assignee_id: number | null;
  assignee_username: string | null;
  creator_id: number | null;
  creator_username: string | null;
}

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    assignee:
      row.assignee_id === null ? null : { id: Number(row.assignee_id), username: row.assignee_username! },
    createdBy:
      row.creator_id === null ? null : { id: Number(row.creator_id), username: row.creator_username! },
    createdAt: row.created_at,
  };
}

// The joined reads are typed by their rows; Kysely's table aliases add nothing the row type lacks.
type TaskQuery = SelectQueryBuilder<any, any, TaskRow>;

function emptyCounts(): TaskCounts {
  return Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as TaskCounts;
}

/** Tasks in the database, listed newest first by `(createdAt, id)` over the matching index. */
@Injectable()
export class TasksRepository implements Listing<Task> {
  /** Newest first; the id breaks ties between tasks of the same millisecond. */
  readonly order: KeysetOrder<Task> = { keys: ['createdAt', 'id'], order: 'desc' };

  constructor(@Inject(Database) private readonly db: SampleDatabase) {}

  // Every read shows a task with its assignee's and creator's usernames.
  private select(): TaskQuery {
    return (this.db as Kysely<any>)
      .selectFrom('tasks as t')
      .leftJoin('users as a', 'a.id', 't.assignee_id')
      .leftJoin('users as c', 'c.id', 't.created_by')
      .select([
        't.id',
        't.title',
        't.description',
        't.status',
        't.created_at',
        'a.id as assignee_id',
        'a.username as assignee_username',
        'c.id as creator_id',
        'c.username as creator_username',
      ]) as TaskQuery;
  }

  /** Stores a task and returns it as listed. */
  // One transaction with its read-back: a connection lost between the two must not answer 503
  // for a task that was stored (a client retrying as told would create it twice).
  @Transactional()
  async create(task: NewTask): Promise<Task> {
    await this.db
      .insertInto('tasks')
      .values({
        id: task.id,
        title: task.title,
        description: task.description,
        status: task.status,
        assignee_id: task.assigneeId,
        created_by: task.createdById,
        created_at: task.createdAt,
      })
      .execute();
    return (await this.findById(task.id))!;
  }

  /** The task with that id. */
  async findById(id: string): Promise<Task | undefined> {
    const row = await this.select().where('t.id', '=', id).executeTakeFirst();
    return row && toTask(row);
  }

  /** How many tasks there are. */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    return Number(row.total);
  }

  /** How many tasks are in each state, every state present; only those assigned to `assigneeId` when given. */
  async countByStatus(assigneeId?: number): Promise<TaskCounts> {
    let query = this.db
      .selectFrom('tasks')
      .select((eb) => ['status', eb.fn.countAll().as('total')])
      .groupBy('status');
    if (assigneeId !== undefined) query = query.where('assignee_id', '=', assigneeId);
    const counts = emptyCounts();
    for (const row of await query.execute()) counts[row.status] = Number(row.total);
    return counts;
  }

  /** The newest `limit` of each of those assignees, in one query, newest first. */
  async newestAssignedToEach(assigneeIds: readonly number[], limit: number): Promise<Task[]> {
    if (assigneeIds.length === 0) return [];
    // Ranked per assignee, cut at the rank: one query whatever the number of assignees.
    const ranked = this.select()
      .select((eb) =>
        eb.fn
          .agg<number>('row_number')
          .over((over) =>
            over.partitionBy('t.assignee_id').orderBy('t.created_at', 'desc').orderBy('t.id', 'desc'),
          )
          .as('rank'),
      )
      .where('t.assignee_id', 'in', assigneeIds);
    const rows = await (this.db as Kysely<any>)
      .selectFrom(ranked.as('ranked'))
      .selectAll()
      .where('rank', '<=', limit)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return (rows as TaskRow[]).map(toTask);
  }

  /** The newest tasks assigned to a user by someone else. */
  async recentlyAssignedTo(userId: number, limit: number): Promise<Task[]> {
    const rows = await this.select()
      .where('t.assignee_id', '=', userId)
      .where((eb) => eb.or([eb('t.created_by', 'is', null), eb('t.created_by', '<>', userId)]))
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(toTask);
  }

  /** One offset page, newest first. */
  async page(offset: number, limit: number): Promise<Task[]> {
    const rows = await this.select()
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toTask);
  }

  /** The rows of one keyset page by `(createdAt, id)`, in the plan's fetch order. */
  async seek(plan: KeysetPlan<Task>): Promise<Task[]> {
    const rows = await seek(this.select(), ['t.created_at', 't.id'], plan).execute();
    return rows.map(toTask);
  }
}
