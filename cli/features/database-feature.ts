import type { StarterFeature } from './starter-feature';

/**
 * The database module: SQLite through node:sqlite by default (nothing to compile), PostgreSQL when
 * `DATABASE_URL` is a postgres:// URL; a first migration, a repository, its routes and its spec.
 */
export const databaseFeature: StarterFeature = {
  dependencies: ['kysely', 'pg'],
  imports: ({ rel }) => [
    `import { databaseOptions } from '${rel('./database/database-options')}';`,
    `import { NotesController } from '${rel('./notes/notes.controller')}';`,
    `import { NotesRepository } from '${rel('./notes/notes.repository')}';`,
  ],
  classes: { controllers: ['NotesController'], providers: ['NotesRepository'] },
  configure: `  // DATABASE_URL: postgres://user:password@host:5432/db for PostgreSQL; else a SQLite file.
  app.install('database', databaseOptions());
`,
  gitignore: ['data/'],
  files: ({ rel }) => ({
    'src/database/schema.ts': `import type { Generated } from 'kysely';

/** A row of \`notes\`. */
export interface NotesTable {
  id: Generated<number>;
  text: string;
  created_at: string;
}

/** The application's database, table by table: what \`Database<AppDatabase>\` type-checks against. */
export interface AppDatabase {
  notes: NotesTable;
}
`,
    'src/database/migrations.ts': `import type { Kysely, Migration } from 'kysely';

/** Which database the migrations write for. */
export type Dialect = 'sqlite' | 'postgres';

/**
 * The migrations, by name; each runs once per database, in name order, at ready() (or with
 * \`npx trellis migrate\`). Never edit one that has run somewhere: add the next.
 */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '001_notes': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('notes')
          // An id the database numbers itself: the one column the two databases spell differently.
          .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (column) =>
            dialect === 'postgres' ? column.primaryKey() : column.primaryKey().autoIncrement(),
          )
          .addColumn('text', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .execute();
      },
      async down(db: Kysely<any>) {
        await db.schema.dropTable('notes').execute();
      },
    },
  };
}
`,
    'src/database/database-options.ts': `import { migrations } from '${rel('./migrations')}';

/** The SQLite file used when DATABASE_URL is unset (its folder is created). */
export const DEFAULT_DATABASE_URL = 'sqlite:data/app.db';

/** Where the data lives (DATABASE_URL: postgres://... or a SQLite file) and its migrations. */
export function databaseOptions(url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL) {
  return { url, migrations: migrations(/^postgres(ql)?:\\/\\//.test(url) ? 'postgres' : 'sqlite') };
}
`,
    'src/notes/notes.repository.ts': `import { Database, Inject, Injectable } from 'trellis';
import type { AppDatabase } from '${rel('../database/schema')}';

/** A note as the API shows it. */
export interface Note {
  id: number;
  text: string;
  createdAt: string;
}

const toNote = (row: { id: number; text: string; created_at: string }): Note => ({
  id: row.id,
  text: row.text,
  createdAt: row.created_at,
});

/** The notes table: the only class that writes its SQL (Kysely's builder, for both databases). */
@Injectable()
export class NotesRepository {
  constructor(@Inject(Database) private readonly db: Database<AppDatabase>) {}

  async add(text: string): Promise<Note> {
    const row = await this.db
      .insertInto('notes')
      .values({ text, created_at: new Date().toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toNote(row);
  }

  async list(): Promise<Note[]> {
    return (await this.db.selectFrom('notes').selectAll().orderBy('id').execute()).map(toNote);
  }

  async find(id: number): Promise<Note | undefined> {
    const row = await this.db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toNote(row);
  }
}
`,
    'src/notes/notes.controller.ts': `import { Body, Controller, Get, NotFoundException, Param, Post, Returns, Throws } from 'trellis';
import { z } from 'zod';
import { NotesRepository } from '${rel('./notes.repository')}';

const NoteSchema = z.object({ id: z.number(), text: z.string(), createdAt: z.string() }).meta({ id: 'Note' });
const NewNoteSchema = z.object({ text: z.string().min(1).max(500) });

@Controller('/notes')
export class NotesController {
  constructor(private readonly notes: NotesRepository) {}

  @Get()
  @Returns(z.array(NoteSchema))
  list() {
    return this.notes.list();
  }

  @Get('/:id')
  @Returns(NoteSchema)
  @Throws(NotFoundException)
  async one(@Param('id', z.coerce.number().int().positive()) id: number) {
    const note = await this.notes.find(id);
    if (!note) throw new NotFoundException(\`Note \${id} not found\`);
    return note;
  }

  @Post()
  @Returns(NoteSchema)
  add(@Body(NewNoteSchema) body: z.infer<typeof NewNoteSchema>) {
    return this.notes.add(body.text);
  }
}
`,
    // Every spec of the run on a database of its own, each test rolled back after it.
    'spec/hooks.ts': `import { createTestDatabase, dropTestDatabases, quietLogs, rollbackEachTest } from 'trellis/testing';

const logs = quietLogs();
const rollback = rollbackEachTest();
// DATABASE_URL=postgres://... npm test: a new database on that server; unset: a temporary SQLite file.
const server = process.env.DATABASE_URL;

/** Mocha's root hooks (.mocharc.json requires this file). */
export const mochaHooks = {
  // The run's own database, migrated by the first app and dropped at the end.
  async beforeAll() {
    process.env.DATABASE_URL = await createTestDatabase(server);
  },
  // Each test in a transaction rolled back after it (ids too); its logs shown only if it fails.
  beforeEach: [logs.beforeEach, rollback.beforeEach],
  afterEach: [rollback.afterEach, logs.afterEach],
  afterAll: dropTestDatabases,
};
`,
    'spec/notes.repository.spec.ts': `import { expect } from 'chai';
import { closeTestApps, createTestApp } from 'trellis/testing';
import { buildApp } from '${rel('../src/app')}';
import { NotesRepository } from '${rel('../src/notes/notes.repository')}';

// spec/hooks.ts gives the run its database (createTestDatabase): SQLite, or PostgreSQL when
// DATABASE_URL names a server.
describe('notes in the database', () => {
  afterEach(() => closeTestApps());

  it('adds notes and finds them again through the repository', async () => {
    const app = buildApp(createTestApp);
    await app.ready();
    const notes = app.container.get(NotesRepository);
    const first = await notes.add('Water the plants');
    expect(first).to.include({ id: 1, text: 'Water the plants' });
    await notes.add('Call Ada');
    expect((await notes.list()).map((note) => note.text)).to.deep.equal(['Water the plants', 'Call Ada']);
    expect(await notes.find(first.id)).to.deep.equal(first);
    expect(await notes.find(99)).to.equal(undefined);
  });

  it('serves them: POST /notes 201, GET /notes/:id, 404 and 422', async () => {
    const app = buildApp(createTestApp);
    const created = await app.inject({ method: 'POST', url: '/notes', body: { text: 'Write the spec' } });
    expect(created.statusCode).to.equal(201);
    expect((await app.inject({ method: 'GET', url: \`/notes/\${created.json().id}\` })).json()).to.deep.equal(created.json());
    expect((await app.inject({ method: 'GET', url: '/notes/99' })).statusCode).to.equal(404);
    expect((await app.inject({ method: 'POST', url: '/notes', body: { text: '' } })).statusCode).to.equal(422);
  });
});
`,
  }),
  readme: [
    "- `src/database/`: the schema, the migrations and where the data lives: a SQLite file `data/app.db` (Node's `node:sqlite`, nothing to compile), or PostgreSQL with `DATABASE_URL=postgres://user:password@host:5432/db`.",
    '- `src/notes/`: `NotesRepository` (Kysely through `Database`) and `/notes`; `spec/hooks.ts` gives the specs a database of their own (`createTestDatabase`): `DATABASE_URL=postgres://user:password@host:5432/postgres npm test` runs them on PostgreSQL.',
  ],
  serves: ['/notes'],
};
