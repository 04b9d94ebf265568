import type { Statement } from 'better-sqlite3';
import type { SampleDatabase } from '../database/connection';
import { KeysetStatements } from '../database/keyset-statements';
import type { Listing } from '../paging/list-page';
import { DATABASE } from '../tokens';
import { Inject, Injectable, type KeysetOrder, type KeysetPlan } from '../trellis';
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
    assignee: row.assignee_id === null ? null : { id: row.assignee_id, username: row.assignee_username! },
    createdBy: row.creator_id === null ? null : { id: row.creator_id, username: row.creator_username! },
    createdAt: row.created_at,
  };
}

const SELECT = `
  SELECT t.id, t.title, t.description, t.status, t.created_at,
         a.id AS assignee_id, a.username AS assignee_username,
         c.id AS creator_id, c.username AS creator_username
  FROM tasks t
  LEFT JOIN users a ON a.id = t.assignee_id
  LEFT JOIN users c ON c.id = t.created_by`;
const NEWEST_FIRST = 'ORDER BY t.created_at DESC, t.id DESC';

function emptyCounts(): TaskCounts {
  return Object.fromEntries(TASK_STATUSES.map((status) => [status, 0])) as TaskCounts;
}

/** Tasks in SQLite, listed newest first by `(createdAt, id)` over the matching index. */
@Injectable()
export class TasksRepository implements Listing<Task> {
  /** Newest first; the id breaks ties between tasks of the same millisecond. */
  readonly order: KeysetOrder<Task> = { keys: ['createdAt', 'id'], order: 'desc' };
  private readonly insertOne: Statement<unknown[]>;
  private readonly byId: Statement<[string], TaskRow>;
  private readonly countAll: Statement<[], { total: number }>;
  private readonly countStatuses: Statement<[], { status: TaskStatus; total: number }>;
  private readonly countAssigned: Statement<[number], { status: TaskStatus; total: number }>;
  private readonly offsetPage: Statement<[number, number], TaskRow>;
  private readonly keyset: KeysetStatements<TaskRow>;
  private readonly assignedByOthers: Statement<[number, number, number], TaskRow>;
  private readonly newestAssigned: Statement<[string, number], TaskRow>;

  constructor(@Inject(DATABASE) db: SampleDatabase) {
    this.insertOne = db.prepare(
      `INSERT INTO tasks (id, title, description, status, assignee_id, created_by, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.byId = db.prepare(`${SELECT} WHERE t.id = ?`);
    this.countAll = db.prepare('SELECT count(*) AS total FROM tasks');
    this.countStatuses = db.prepare('SELECT status, count(*) AS total FROM tasks GROUP BY status');
    this.countAssigned = db.prepare(
      'SELECT status, count(*) AS total FROM tasks WHERE assignee_id = ? GROUP BY status',
    );
    this.offsetPage = db.prepare(`${SELECT} ${NEWEST_FIRST} LIMIT ? OFFSET ?`);
    this.keyset = new KeysetStatements<TaskRow>(
      db,
      ['t.created_at', 't.id'],
      (where, order) => `${SELECT} ${where} ORDER BY t.created_at ${order}, t.id ${order} LIMIT ?`,
    );
    this.assignedByOthers = db.prepare(
      `${SELECT} WHERE t.assignee_id = ? AND (t.created_by IS NULL OR t.created_by <> ?) ${NEWEST_FIRST} LIMIT ?`,
    );
    // The newest `limit` of each assignee in one query: ranked per assignee, cut at the rank.
    this.newestAssigned = db.prepare(
      `SELECT * FROM (
         SELECT ranked.*, row_number() OVER (PARTITION BY assignee_id ORDER BY created_at DESC, id DESC) AS rank
         FROM (${SELECT} WHERE t.assignee_id IN (SELECT value FROM json_each(?))) AS ranked
       ) WHERE rank <= ? ORDER BY created_at DESC, id DESC`,
    );
  }

  /** Stores a task and returns it as listed. */
  create(task: NewTask): Task {
    this.insertOne.run(
      task.id,
      task.title,
      task.description,
      task.status,
      task.assigneeId,
      task.createdById,
      task.createdAt,
    );
    return this.findById(task.id)!;
  }

  /** The task with that id. */
  findById(id: string): Task | undefined {
    const row = this.byId.get(id);
    return row && toTask(row);
  }

  /** How many tasks there are. */
  count(): number {
    return this.countAll.get()!.total;
  }

  /** How many tasks are in each state, every state present; only those assigned to `assigneeId` when given. */
  countByStatus(assigneeId?: number): TaskCounts {
    const rows = assigneeId === undefined ? this.countStatuses.all() : this.countAssigned.all(assigneeId);
    const counts = emptyCounts();
    for (const row of rows) counts[row.status] = row.total;
    return counts;
  }

  /** The newest `limit` tasks of each of those assignees, in one query, newest first. */
  newestAssignedToEach(assigneeIds: readonly number[], limit: number): Task[] {
    return this.newestAssigned.all(JSON.stringify(assigneeIds), limit).map(toTask);
  }

  /** The newest tasks assigned to a user by someone else. */
  recentlyAssignedTo(userId: number, limit: number): Task[] {
    return this.assignedByOthers.all(userId, userId, limit).map(toTask);
  }

  /** One offset page, newest first. */
  page(offset: number, limit: number): Task[] {
    return this.offsetPage.all(limit, offset).map(toTask);
  }

  /** The rows of one keyset page by `(createdAt, id)`, in the plan's fetch order. */
  seek(plan: KeysetPlan<Task>): Task[] {
    return this.keyset.fetch(plan).map(toTask);
  }
}
