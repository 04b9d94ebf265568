import { expect } from 'chai';
import { CamelCasePlugin, type Kysely, type KyselyPlugin, type Migration } from 'kysely';
import { z } from 'zod';
import { Body, ConflictException, Controller, Get, Inject, Injectable, Post } from '../../../index';
import { AuthService } from '../../../modules/auth';
import { Database, DatabaseConnection, Idempotent, Transactional } from '../../../modules/database';
import type { Application } from '../../../src/app/application';
import { createApp } from '../../../src/app/create-app';
import { forEachDatabase } from '../../support/databases';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { FAST_ROUNDS, PASSWORD, SECRET, stubUsers } from '../auth/auth-fixtures';

// Written with the database's own names: migrations run without the application's plugins.
const NOTES_MIGRATIONS: Record<string, Migration> = {
  '001_task_notes': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('task_notes')
        .addColumn('note_id', 'varchar(20)', (column) => column.primaryKey())
        .addColumn('body_text', 'varchar(200)', (column) => column.notNull())
        .addColumn('created_by', 'varchar(20)', (column) => column.notNull())
        .execute();
    },
  },
};

interface NotesSchema {
  taskNotes: { noteId: string; bodyText: string; createdBy: string };
}

/** Notes, written and read in camelCase through the CamelCasePlugin. */
@Injectable()
class NotesRepository {
  constructor(@Inject(Database) private readonly db: Database<NotesSchema>) {}

  async add(noteId: string, bodyText: string): Promise<void> {
    await this.db.insertInto('taskNotes').values({ noteId, bodyText, createdBy: 'ada' }).execute();
  }

  all() {
    return this.db.selectFrom('taskNotes').selectAll().orderBy('noteId').execute();
  }
}

const NewNote = z.object({ noteId: z.string(), bodyText: z.string(), fail: z.boolean().optional() });

@Controller('/notes')
class NotesController {
  constructor(private readonly notes: NotesRepository) {}

  // Reads its own write inside the transaction, then fails when asked to: the write is rolled back.
  @Post()
  @Transactional()
  async add(@Body(NewNote) note: z.infer<typeof NewNote>) {
    await this.notes.add(note.noteId, note.bodyText);
    const seen = await this.notes.all();
    if (note.fail) throw new ConflictException('Refused after writing');
    return seen;
  }

  @Post('/idempotent')
  @Idempotent()
  idempotent(@Body(NewNote) note: z.infer<typeof NewNote>) {
    return this.notes.add(note.noteId, note.bodyText).then(() => ({ stored: note.noteId }));
  }

  @Get()
  list() {
    return this.notes.all();
  }
}

/** A plugin that keeps the tables each query it sees names, and changes nothing. */
class TablesSeen implements KyselyPlugin {
  readonly tables: string[] = [];

  transformQuery(args: Parameters<KyselyPlugin['transformQuery']>[0]) {
    for (const [, name] of JSON.stringify(args.node).matchAll(
      /"table":\{[^{}]*"identifier":\{"kind":"IdentifierNode","name":"(\w+)"/g,
    ))
      this.tables.push(name);
    return args.node;
  }

  async transformResult(args: Parameters<KyselyPlugin['transformResult']>[0]) {
    return args.result;
  }
}

describe("database: Kysely plugins (install('database', { plugins }))", () => {
  forEachDatabase((database) => {
    forEachEngine((engine) => {
      let app: Application;
      let seen: TablesSeen;
      beforeEach(async () => {
        seen = new TablesSeen();
        app = createApp({ engine, controllers: [NotesController], providers: [NotesRepository] })
          .install('database', {
            url: await database.url(),
            migrations: NOTES_MIGRATIONS,
            plugins: [new CamelCasePlugin(), seen],
          })
          .install('auth', {
            jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
            userProvider: (await stubUsers()).provider,
            bcryptRounds: FAST_ROUNDS,
          });
        await app.ready();
      });
      afterEach(() => app.close());

      it('runs the application queries through the plugin, inside a Transactional() call and outside', async () => {
        const created = await app.inject({
          method: 'POST',
          url: '/notes',
          body: { noteId: 'a', bodyText: 'first' },
        });
        expect(created.statusCode, created.body).to.equal(201);
        // Read inside the transaction, through the plugin.
        expect(created.json()).to.deep.equal([{ noteId: 'a', bodyText: 'first', createdBy: 'ada' }]);
        const refused = await app.inject({
          method: 'POST',
          url: '/notes',
          body: { noteId: 'b', bodyText: 'second', fail: true },
        });
        expect(refused.statusCode).to.equal(409);
        // The plugin's view of the transaction wrote on the transaction itself: rolled back.
        expect((await app.inject({ method: 'GET', url: '/notes' })).json()).to.deep.equal([
          { noteId: 'a', bodyText: 'first', createdBy: 'ada' },
        ]);
        // The columns are the database's snake_case ones.
        const raw = await app.container
          .get(DatabaseConnection)
          .root.selectFrom('task_notes')
          .selectAll()
          .execute();
        expect(raw).to.deep.equal([{ note_id: 'a', body_text: 'first', created_by: 'ada' }]);
      });

      it("keeps the module's own tables working without the plugin: idempotency keys and sessions", async () => {
        const send = () =>
          app.inject({
            method: 'POST',
            url: '/notes/idempotent',
            headers: { 'idempotency-key': 'key-1' },
            body: { noteId: 'c', bodyText: 'once' },
          });
        const first = await send();
        expect(first.statusCode, first.body).to.equal(201);
        const again = await send();
        expect(again.statusCode).to.equal(201);
        expect(again.headers['idempotent-replayed']).to.equal('true');
        expect(again.json()).to.deep.equal({ stored: 'c' });

        const auth = app.container.get(AuthService);
        const session = await auth.login('ada', PASSWORD);
        const renewed = await auth.refresh(session.refreshToken);
        const user = await auth.authenticate(renewed.accessToken);
        await auth.logout(user);
        let refusal: unknown;
        await auth.refresh(renewed.refreshToken).catch((err) => {
          refusal = err;
        });
        expect(refusal).to.have.property('statusCode', 401);
        await auth.revokeAllSessions(user.id);
        // The application's queries went through both plugins, in order; the module's never did.
        expect(seen.tables).to.include('task_notes');
        expect(seen.tables.filter((table) => table.startsWith('trellis_'))).to.deep.equal([]);
      });
    });
  });

  it('refuses a plugin that is no Kysely plugin, at install', () => {
    expectThrowsCode(
      () => createApp().install('database', { plugins: [{ transformQuery: () => null } as never] }),
      'TRELLIS_ERR_INVALID_OPTION',
    );
  });
});
