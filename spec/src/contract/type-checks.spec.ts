import { expect } from 'chai';
import { type TypeCheck, typeCheck } from '../../support/contract-typecheck';
import { removeFolder, tempFolder } from '../../support/package-tarball';

const PATHS = { 'trellis/client': ['dist/src/client/index.d.ts'], trellis: ['dist/index.d.ts'] };

const API = `import { z } from 'zod';
import { contract, ErrorBodySchema } from 'trellis/client';

export const Task = z.object({ id: z.string(), title: z.string() });
export const api = contract({
  getTask: {
    method: 'GET',
    path: '/tasks/:id',
    params: z.object({ id: z.string() }),
    responses: { 200: Task, 404: ErrorBodySchema },
  },
  createTask: {
    method: 'POST',
    path: '/tasks',
    body: z.object({ title: z.string().min(1) }),
    responses: { 201: Task, 422: ErrorBodySchema },
  },
  listTasks: {
    method: 'GET',
    path: '/tasks',
    query: z.object({ page: z.coerce.number().int().optional(), done: z.enum(['yes', 'no']).optional() }),
    responses: { 200: z.array(Task) },
  },
  removeTask: { method: 'DELETE', path: '/tasks/:id', params: z.object({ id: z.string() }), responses: { 204: null } },
});
`;

const HEADER = `import { Body, type ContractController, Controller, Implements, Param, Query } from 'trellis';
import { createClient } from 'trellis/client';
import { api } from './api';
`;

// Each program but the first must fail to compile, at the line marked "refused".
const PROGRAMS: Record<string, string> = {
  'good.ts': `${HEADER}
@Controller()
export class Tasks implements ContractController<typeof api> {
  @Implements(api.getTask) getTask(@Param('id') id: string) { return { id, title: 't' }; }
  @Implements(api.createTask) async createTask(@Body() body: { title: string }) { return { id: '1', title: body.title }; }
  @Implements(api.listTasks) listTasks(@Query() query: { page?: number }, _caller: { id: string; role: string }) {
    return [{ id: String(query.page ?? 1), title: 't' }];
  }
  @Implements(api.removeTask) removeTask(@Param('id') _id: string) {}
}
export async function use(): Promise<string> {
  const client = createClient(api, { baseUrl: 'http://localhost' });
  const found = await client.getTask({ params: { id: '1' } });
  if (found.status === 200) return found.body.title;
  return found.body.code;
}
`,
  'wrong-return.ts': `${HEADER}
export class Tasks {
  @Implements(api.getTask) getTask(@Param('id') id: string) { return { id }; } // refused
}
`,
  'missing-route.ts': `${HEADER}
export class Tasks implements ContractController<typeof api> { // refused
  @Implements(api.getTask) getTask(@Param('id') id: string) { return { id, title: 't' }; }
}
`,
  'wrong-parameter.ts': `${HEADER}
export class Tasks {
  @Implements(api.getTask) getTask(@Param('id') id: number) { return { id: String(id), title: 't' }; } // refused
}
`,
  'wrong-body.ts': `${HEADER}
export class Tasks {
  @Implements(api.createTask) createTask(@Body() body: { title: number }) { return { id: '1', title: String(body.title) }; } // refused
}
`,
  'wrong-query.ts': `${HEADER}
export class Tasks {
  @Implements(api.listTasks) listTasks(@Query() query: { page?: number; done?: boolean }) { return query.done ? [] : []; } // refused
}
`,
  'client-wrong-body.ts': `${HEADER}
export const made = createClient(api, { baseUrl: '' }).createTask({ body: { title: 1 } }); // refused
`,
  'client-missing-params.ts': `${HEADER}
export const found = createClient(api, { baseUrl: '' }).getTask({}); // refused
`,
  'client-unnarrowed-body.ts': `${HEADER}
export async function use(): Promise<string> {
  const found = await createClient(api, { baseUrl: '' }).getTask({ params: { id: '1' } });
  return found.body.title; // refused
}
`,
};

function errorLines(check: TypeCheck, file: string): number[] {
  const pattern = new RegExp(`^${file.replace('.', '\\.')}\\((\\d+),\\d+\\): error`, 'gm');
  return [...check.output.matchAll(pattern)].map((match) => Number(match[1]));
}

describe('contracts: what the compiler checks (TypeScript 5.9, strict)', function () {
  this.timeout(180_000);
  let folder: string;
  let check: TypeCheck;
  before(async () => {
    folder = tempFolder('contract-types');
    check = await typeCheck(folder, { 'api.ts': API, ...PROGRAMS }, PATHS);
  });
  after(() => removeFolder(folder));

  it('accepts a controller implementing every route and a client narrowing answers by status', () => {
    expect(errorLines(check, 'good.ts'), check.output).to.deep.equal([]);
    expect(errorLines(check, 'api.ts'), check.output).to.deep.equal([]);
  });

  for (const [file, source] of Object.entries(PROGRAMS)) {
    if (file === 'good.ts') continue;
    const line = source.split('\n').findIndex((text) => text.includes('// refused')) + 1;
    it(`refuses ${file.replace('.ts', '').replace(/-/g, ' ')} (line ${line})`, () => {
      expect(check.ok).to.equal(false);
      expect(errorLines(check, file), check.output).to.deep.equal([line]);
    });
  }
});
