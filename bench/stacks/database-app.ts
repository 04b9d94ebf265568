// The database bench's server: the sample's task routes (GET /tasks?limit=20 and POST /tasks,
// no auth, so only the data path differs) either through the database module and the sample's
// own TasksRepository ('module'), or with the same SQL written by hand on the bare driver
// ('bare'; 'bare-normal' is SQLite with synchronous=NORMAL instead of FULL); on SQLite the module
// runs on node:sqlite ('module') or better-sqlite3 ('module-better-sqlite3'). Started by
// bench/database.js: `node database-app.js <variant> <url> <port>`.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { Body, Controller, createApp, Database, Get, Inject, Injectable, Post, Query } from '../../dist';
import { sampleMigrations } from '../../dist/sample/database/migrations';
import { TasksRepository } from '../../dist/sample/tasks/tasks-repository';

const [variant, url, port] = process.argv.slice(2);
const onPostgres = url.startsWith('postgres');
const NewTask = z.object({ title: z.string().min(1).max(200) });
const Limit = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });
const AUTHOR = 1;

const SELECT = `SELECT t.id, t.title, t.description, t.status, t.created_at,
  a.id AS assignee_id, a.username AS assignee_username, c.id AS creator_id, c.username AS creator_username
  FROM tasks t LEFT JOIN users a ON a.id = t.assignee_id LEFT JOIN users c ON c.id = t.created_by`;

interface Row {
  id: string;
  title: string;
  description: string | null;
  status: string;
  created_at: string;
  assignee_id: number | null;
  assignee_username: string | null;
  creator_id: number | null;
  creator_username: string | null;
}

const toTask = (row: Row) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  status: row.status,
  assignee:
    row.assignee_id === null ? null : { id: Number(row.assignee_id), username: row.assignee_username },
  createdBy: row.creator_id === null ? null : { id: Number(row.creator_id), username: row.creator_username },
  createdAt: row.created_at,
});

/** The routes' data access, by hand on the driver. */
interface BareTasks {
  newest(limit: number): Promise<unknown[]>;
  create(title: string): Promise<unknown>;
}

function bareSqlite(file: string, synchronous: 'FULL' | 'NORMAL'): BareTasks {
  const Sqlite = require('better-sqlite3');
  const db = new Sqlite(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  const newest = db.prepare(`${SELECT} ORDER BY t.created_at DESC, t.id DESC LIMIT ?`);
  const insert = db.prepare(
    'INSERT INTO tasks (id, title, description, status, assignee_id, created_by, created_at) VALUES (?, ?, NULL, ?, NULL, ?, ?)',
  );
  const byId = db.prepare(`${SELECT} WHERE t.id = ?`);
  return {
    async newest(limit) {
      return newest.all(limit).map(toTask);
    },
    async create(title) {
      const id = randomUUID();
      insert.run(id, title, 'todo', AUTHOR, new Date().toISOString());
      return toTask(byId.get(id));
    },
  };
}

function barePostgres(connectionString: string): BareTasks {
  const { Pool } = require('pg');
  const pool = new Pool({ connectionString, max: 10 });
  return {
    async newest(limit) {
      const { rows } = await pool.query(`${SELECT} ORDER BY t.created_at DESC, t.id DESC LIMIT $1`, [limit]);
      return rows.map(toTask);
    },
    async create(title) {
      const id = randomUUID();
      await pool.query(
        'INSERT INTO tasks (id, title, description, status, assignee_id, created_by, created_at) VALUES ($1, $2, NULL, $3, NULL, $4, $5)',
        [id, title, 'todo', AUTHOR, new Date().toISOString()],
      );
      const { rows } = await pool.query(`${SELECT} WHERE t.id = $1`, [id]);
      return toTask(rows[0]);
    },
  };
}

const BARE = Symbol('bare tasks');

@Injectable()
class ModuleTasks implements BareTasks {
  constructor(private readonly tasks: TasksRepository) {}
  async newest(limit: number) {
    return this.tasks.seek({ fetch: limit, values: [], order: 'desc' } as never);
  }
  create(title: string) {
    return this.tasks.create({
      id: randomUUID(),
      title,
      description: null,
      status: 'todo',
      assigneeId: null,
      createdById: AUTHOR,
      createdAt: new Date().toISOString(),
    });
  }
}

@Controller('/tasks')
class TasksController {
  constructor(@Inject(BARE) private readonly tasks: BareTasks) {}

  @Get()
  list(@Query(Limit) query: z.infer<typeof Limit>) {
    return this.tasks.newest(query.limit);
  }

  @Post()
  create(@Body(NewTask) body: z.infer<typeof NewTask>) {
    return this.tasks.create(body.title);
  }
}

// One author and 1,000 tasks, so a page reads from a table of some size.
async function seed(db: Database): Promise<void> {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(n) > 0) return;
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      username: 'author',
      email: 'a@example.com',
      password_hash: 'x',
      role: 'admin',
      permissions: '[]',
      created_at: now,
    })
    .execute();
  const start = Date.now() - 1_000_000;
  const tasks = Array.from({ length: 1000 }, (_, i) => ({
    id: randomUUID(),
    title: `Task ${i}`,
    description: null,
    status: 'todo',
    assignee_id: AUTHOR,
    created_by: AUTHOR,
    created_at: new Date(start + i * 1000).toISOString(),
  }));
  await db.insertInto('tasks').values(tasks).execute();
}

async function main(): Promise<void> {
  const app = createApp({ controllers: [TasksController], providers: [ModuleTasks, TasksRepository] });
  // Both variants run the sample's migrations, so the tables and indexes are the same.
  // 'module-better-sqlite3' is the module on the optional native driver instead of node:sqlite.
  const driver = variant === 'module-better-sqlite3' ? 'better-sqlite3' : undefined;
  app.install('database', { url, driver, migrations: sampleMigrations(onPostgres ? 'postgres' : 'sqlite') });
  if (variant.startsWith('module')) app.container.bind(BARE).toService(ModuleTasks);
  else {
    const file = url.replace(/^sqlite:/, '');
    const bare = onPostgres
      ? barePostgres(url)
      : bareSqlite(file, variant === 'bare-normal' ? 'NORMAL' : 'FULL');
    app.container.bind(BARE).toConstantValue(bare);
  }
  await app.ready();
  await seed(app.container.get<Database>(Database));
  await app.listen(Number(port));
  process.stdout.write('listening\n');
}

void main();
