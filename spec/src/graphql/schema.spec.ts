import { expect } from 'chai';
import { buildClientSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { z } from 'zod';
import { Arg, createApp, Injectable, Mutation, Query, Resolver } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';

const Status = z
  .enum(['todo', 'doing', 'done'])
  .meta({ id: 'TaskStatus', description: 'Where a task stands' });

const User = z
  .object({ id: z.number().int(), name: z.string(), nickname: z.string().optional() })
  .meta({ id: 'User' });

const Task = z
  .object({
    id: z.number().int(),
    title: z.string().describe('What to do'),
    status: Status,
    tags: z.array(z.string()),
    estimate: z.number().optional(),
    done: z.boolean(),
    owner: User,
    reviewers: z.array(User),
    dueAt: z.date().nullable(),
    origin: z.object({ source: z.string(), priority: z.enum(['low', 'high']) }),
  })
  .meta({ id: 'Task' });

type TaskRecord = z.infer<typeof Task>;

const NewTask = z.object({
  title: z.string(),
  status: Status.default('todo'),
  tags: z.array(z.string()).optional(),
  dueAt: z.date().optional(),
  owner: User,
});

const Category = z
  .object({
    name: z.string(),
    get children() {
      return z.array(Category);
    },
  })
  .meta({ id: 'Category' });

const ada = { id: 1, name: 'Ada' };

@Injectable()
class TaskStore {
  readonly tasks: TaskRecord[] = [
    {
      id: 1,
      title: 'Write specs',
      status: 'doing',
      tags: ['graphql', 'zod'],
      done: false,
      owner: { ...ada, nickname: 'countess' },
      reviewers: [{ id: 2, name: 'Grace' }],
      dueAt: new Date('2030-01-02T03:04:05.000Z'),
      origin: { source: 'issue', priority: 'high' },
    },
  ];

  add(input: z.infer<typeof NewTask>): TaskRecord {
    const task: TaskRecord = {
      id: this.tasks.length + 1,
      title: input.title,
      status: input.status,
      tags: input.tags ?? [],
      done: false,
      owner: input.owner,
      reviewers: [],
      dueAt: input.dueAt ?? null,
      origin: { source: 'graphql', priority: 'low' },
    };
    this.tasks.push(task);
    return task;
  }
}

@Resolver()
class TaskResolver {
  constructor(private readonly store: TaskStore) {}

  @Query(z.array(Task))
  tasks() {
    return this.store.tasks;
  }

  @Query(Task.nullable())
  task(@Arg('id', z.number().int()) id: number) {
    return this.store.tasks.find((task) => task.id === id) ?? null;
  }

  @Query(z.object({ total: z.number().int(), latest: Task.optional(), ratio: z.number() }))
  stats() {
    return { total: this.store.tasks.length, latest: this.store.tasks.at(-1), ratio: 0.5 };
  }

  @Query(z.array(Category))
  categories() {
    return [{ name: 'work', children: [{ name: 'specs', children: [] }] }];
  }

  @Mutation(Task)
  createTask(@Arg('input', NewTask) input: z.infer<typeof NewTask>) {
    return this.store.add(input);
  }
}

async function sdlOf(url: string): Promise<string> {
  const { body } = await postGraphql(url, getIntrospectionQuery());
  return printSchema(buildClientSchema(body.data as never));
}

function block(sdl: string, header: string): string {
  const start = sdl.indexOf(`${header} {`);
  expect(start, `${header} in the SDL`).to.be.greaterThan(-1);
  return sdl.slice(start, sdl.indexOf('}', start) + 1);
}

describe('GraphQL schema from zod', () => {
  forEachEngine((engine) => {
    let served: Served;
    let sdl: string;
    before(async () => {
      served = await serve(createApp({ engine, resolvers: [TaskResolver] }));
      sdl = await sdlOf(served.url);
    });
    after(() => served.close());

    describe('the generated SDL', () => {
      it('names object types after their meta id and reuses one type for one schema', () => {
        expect(sdl.match(/^type User \{/gm)).to.have.length(1);
        expect(block(sdl, 'type User')).to.include('id: Int!').and.include('name: String!');
        expect(block(sdl, 'type Task')).to.include('owner: User!').and.include('reviewers: [User!]!');
      });

      it('maps scalars, arrays, enums, dates, optional and nullable fields', () => {
        const task = block(sdl, 'type Task');
        expect(task).to.include('status: TaskStatus!');
        expect(task).to.include('tags: [String!]!');
        expect(task).to.include('estimate: Float\n');
        expect(task).to.include('done: Boolean!');
        expect(task).to.include('dueAt: DateTime\n');
        expect(task).to.include('"""What to do"""\n  title: String!');
        expect(block(sdl, 'enum TaskStatus')).to.match(
          /todo\s+"""The value doing"""\s+doing\s+"""The value done"""\s+done/,
        );
        expect(sdl).to.include('"""Where a task stands"""\nenum TaskStatus');
      });

      it('derives names for nested objects, nested enums and anonymous results', () => {
        expect(block(sdl, 'type Task')).to.include('origin: TaskOrigin!');
        expect(block(sdl, 'type TaskOrigin')).to.include('priority: TaskOriginPriority!');
        expect(block(sdl, 'enum TaskOriginPriority')).to.match(/low\s+"""The value high"""\s+high/);
        const stats = block(sdl, 'type StatsResult');
        expect(stats).to.include('total: Int!').and.include('latest: Task\n').and.include('ratio: Float!');
      });

      it('when a schema contains itself, it gives one recursive type', () => {
        expect(block(sdl, 'type Category')).to.include('children: [Category!]!');
      });

      it('turns object arguments into input types, named after the mutation or the meta id', () => {
        const input = block(sdl, 'input CreateTaskInput');
        expect(input).to.include('title: String!');
        // A zod default is visible in the schema.
        expect(input).to.include('status: TaskStatus = todo\n');
        expect(input).to.include('tags: [String!]\n');
        expect(input).to.include('dueAt: DateTime\n');
        expect(input).to.include('owner: UserInput!');
        expect(block(sdl, 'input UserInput')).to.include('nickname: String\n');
      });

      it('declares the queries and mutations with their arguments', () => {
        const query = block(sdl, 'type Query');
        expect(query).to.include('tasks: [Task!]!');
        expect(query).to.include('task(id: Int!): Task\n');
        expect(query).to.include('stats: StatsResult!');
        expect(block(sdl, 'type Mutation')).to.include('createTask(input: CreateTaskInput!): Task!');
      });
    });

    describe('over HTTP', () => {
      it('when querying nested objects, arrays and enums, it answers with the data (dates as ISO strings)', async () => {
        const res = await postGraphql(
          served.url,
          '{ tasks { id title status tags estimate done owner { name nickname } reviewers { name } dueAt origin { priority } } }',
        );
        expect(res.status).to.equal(200);
        expect(res.body.errors).to.equal(undefined);
        expect(res.body.data!.tasks[0]).to.deep.equal({
          id: 1,
          title: 'Write specs',
          status: 'doing',
          tags: ['graphql', 'zod'],
          estimate: null,
          done: false,
          owner: { name: 'Ada', nickname: 'countess' },
          reviewers: [{ name: 'Grace' }],
          dueAt: '2030-01-02T03:04:05.000Z',
          origin: { priority: 'high' },
        });
      });

      it('when querying a recursive type, it answers every level asked', async () => {
        const res = await postGraphql(
          served.url,
          '{ categories { name children { name children { name } } } }',
        );
        expect(res.body).to.deep.equal({
          data: { categories: [{ name: 'work', children: [{ name: 'specs', children: [] }] }] },
        });
      });

      it('when a nullable result is missing, it answers null', async () => {
        const res = await postGraphql(served.url, 'query ($id: Int!) { task(id: $id) { id } }', {
          variables: { id: 999 },
        });
        expect(res.body).to.deep.equal({ data: { task: null } });
      });

      it('when running a mutation with an input object, it passes the parsed input (defaults, dates) to the resolver', async () => {
        const res = await postGraphql(
          served.url,
          'mutation ($input: CreateTaskInput!) { createTask(input: $input) { title status tags dueAt owner { id } } }',
          {
            variables: {
              input: { title: 'Ship it', dueAt: '2031-05-06T07:08:09.000Z', owner: { id: 3, name: 'Lin' } },
            },
          },
        );
        expect(res.body.errors).to.equal(undefined);
        expect(res.body.data!.createTask).to.deep.equal({
          title: 'Ship it',
          status: 'todo',
          tags: [],
          dueAt: '2031-05-06T07:08:09.000Z',
          owner: { id: 3 },
        });
        const stats = await postGraphql(served.url, '{ stats { total latest { title } } }');
        expect(stats.body.data!.stats).to.deep.equal({ total: 2, latest: { title: 'Ship it' } });
      });

      it('when an enum argument is not one of its values, it answers 400 before any resolver runs', async () => {
        const res = await postGraphql(
          served.url,
          'mutation { createTask(input: { title: "x", status: later, owner: { id: 1, name: "A" } }) { id } }',
        );
        expect(res.status).to.equal(400);
        expect(res.body.errors![0].extensions.code).to.equal('GRAPHQL_VALIDATION_FAILED');
      });
    });
  });
});
