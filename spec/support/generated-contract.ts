/**
 * The source of a contract of `routes` routes over `routes / 10` resources (each: list, get,
 * create, replace, update, delete, and four actions), with a client calling every route and a
 * controller implementing one resource: what an editor checks in a large API.
 */
export function generatedContractSource(routes: number, clientEntry: string, serverEntry: string): string {
  const resources = Math.ceil(routes / 10);
  const lines = [
    `import { z } from 'zod';`,
    `import { contract, createClient, ErrorBodySchema, ValidationErrorBodySchema } from '${clientEntry}';`,
    `import { Body, type ContractController, Controller, Implements, Param, Query } from '${serverEntry}';`,
    '',
  ];
  for (let r = 0; r < resources; r++) {
    lines.push(
      `const Item${r} = z.object({ id: z.string(), name${r}: z.string(), count: z.number().int(), tags: z.array(z.string()), createdAt: z.string(), owner: z.object({ id: z.number(), name: z.string() }).nullable() });`,
      `const NewItem${r} = z.object({ name${r}: z.string().min(1), count: z.number().int().default(0), tags: z.array(z.string()).optional() });`,
    );
  }
  lines.push('', 'export const api = contract({');
  let count = 0;
  const add = (source: string) => {
    if (count++ < routes) lines.push(source);
  };
  const id = 'params: z.object({ id: z.string() })';
  const errors = '404: ErrorBodySchema, 422: ValidationErrorBodySchema';
  for (let r = 0; r < resources; r++) {
    const base = `/items${r}`;
    add(
      `  list${r}: { method: 'GET', path: '${base}', query: z.object({ cursor: z.string().optional(), limit: z.coerce.number().optional() }), responses: { 200: z.object({ data: z.array(Item${r}), nextCursor: z.string().nullable() }), 422: ValidationErrorBodySchema } },`,
    );
    add(`  get${r}: { method: 'GET', path: '${base}/:id', ${id}, responses: { 200: Item${r}, ${errors} } },`);
    add(
      `  create${r}: { method: 'POST', path: '${base}', body: NewItem${r}, responses: { 201: Item${r}, 409: ErrorBodySchema, 422: ValidationErrorBodySchema } },`,
    );
    add(
      `  replace${r}: { method: 'PUT', path: '${base}/:id', ${id}, body: NewItem${r}, responses: { 200: Item${r}, ${errors} } },`,
    );
    add(
      `  update${r}: { method: 'PATCH', path: '${base}/:id', ${id}, body: NewItem${r}.partial(), responses: { 200: Item${r}, ${errors} } },`,
    );
    add(
      `  remove${r}: { method: 'DELETE', path: '${base}/:id', ${id}, responses: { 204: null, 404: ErrorBodySchema } },`,
    );
    for (const action of ['archive', 'restore', 'share', 'lock'])
      add(
        `  ${action}${r}: { method: 'POST', path: '${base}/:id/${action}', ${id}, headers: z.object({ 'x-reason': z.string().optional() }), responses: { 200: Item${r}, ${errors} } },`,
      );
  }
  lines.push('});', '', `const client = createClient(api, { baseUrl: 'http://localhost' });`, '');
  lines.push('export async function useEveryRoute(): Promise<number> {', '  let total = 0;');
  for (let r = 0; r < resources; r++) {
    lines.push(
      `  const l${r} = await client.list${r}({ query: { limit: 5 } });`,
      `  if (l${r}.status === 200) total += l${r}.body.data.length;`,
      `  const g${r} = await client.get${r}({ params: { id: 'a' } });`,
      `  if (g${r}.status === 200) total += g${r}.body.count; else if (g${r}.status === 404) total += g${r}.body.message.length;`,
      `  const c${r} = await client.create${r}({ body: { name${r}: 'x' } });`,
      `  if (c${r}.status === 201) total += c${r}.body.tags.length;`,
      `  await client.replace${r}({ params: { id: 'a' }, body: { name${r}: 'y' } });`,
      `  await client.update${r}({ params: { id: 'a' }, body: {} });`,
      `  await client.remove${r}({ params: { id: 'a' } });`,
      `  for (const a of [client.archive${r}, client.restore${r}, client.share${r}, client.lock${r}]) { const x = await a({ params: { id: 'a' } }); if (x.status === 200) total += x.body.count; }`,
    );
  }
  lines.push('  return total;', '}', '');
  lines.push(
    'const item = { id: "a", name0: "n", count: 1, tags: [], createdAt: "", owner: null };',
    '@Controller()',
    `export class Items0 implements ContractController<Pick<typeof api, 'list0' | 'get0' | 'create0' | 'remove0'>> {`,
    `  @Implements(api.list0) list0(@Query() _query: unknown) { return { data: [item], nextCursor: null }; }`,
    `  @Implements(api.get0) get0(@Param('id') id: string) { return { ...item, id }; }`,
    `  @Implements(api.create0) async create0(@Body() body: { name0: string }) { return { ...item, name0: body.name0 }; }`,
    `  @Implements(api.remove0) remove0(@Param('id') _id: string) {}`,
    '}',
  );
  return lines.join('\n');
}
