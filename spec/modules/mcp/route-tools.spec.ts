import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import { z } from 'zod';
import {
  Body,
  ConflictException,
  Controller,
  Delete,
  Get,
  NotFoundException,
  Param,
  Post,
  Query,
  Returns,
  rateLimit,
  Summary,
  Tool,
} from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { capturingLogger } from '../../support/capturing-logger';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { firstText, mcpClient, postMcp, toolCall } from './support/mcp-client';

const TaskSchema = z
  .object({ id: z.string(), title: z.string(), done: z.boolean() })
  .meta({ id: 'McpSpecTask' });

@Controller('/projects/:projectId/tasks')
class ProjectTasksController {
  @Get('/:id')
  @Summary('One task of a project')
  @Returns(TaskSchema)
  @Tool()
  one(
    @Param('projectId', z.string().min(2)) projectId: string,
    @Param('id', z.coerce.number().int()) id: number,
  ) {
    if (id === 404) throw new NotFoundException('No such task');
    // `secret` is not in the Returns() schema: the answer drops it, over HTTP and MCP alike.
    return { id: String(id), title: `${projectId}#${id}`, done: false, secret: 'never sent' };
  }

  @Post()
  @Tool({ name: 'add_task', description: 'Adds a task to a project' })
  add(
    @Param('projectId') projectId: string,
    @Query(z.object({ notify: z.enum(['yes', 'no']).optional() })) query: { notify?: string },
    @Body(z.object({ title: z.string().min(1), done: z.boolean().default(false) })) body: { title: string },
  ) {
    return { projectId, notify: query.notify ?? null, ...body };
  }

  @Delete('/:id')
  @Tool()
  remove(@Param('id') _id: string) {
    throw new ConflictException('The task is locked', { code: 'TASK_LOCKED' });
  }

  // No Tool(): a route like any other, which MCP does not expose.
  @Get()
  list() {
    return [];
  }
}

@Controller('/limited')
class LimitedController {
  @Get()
  @Tool({ name: 'limited' })
  read() {
    return { ok: true };
  }
}

describe('mcp: routes as tools', () => {
  forEachEngine((engine) => {
    let served: Served;
    let client: Client;
    let mcpUrl: string;
    const { logger, lines } = capturingLogger();

    before(async () => {
      const app = createApp({
        engine,
        logger,
        accessLog: true,
        controllers: [ProjectTasksController, LimitedController],
      });
      app.use('/limited', rateLimit({ windowMs: 60_000, max: 2 }));
      app.install('mcp', {});
      served = await serve(app);
      mcpUrl = `${served.url}/mcp`;
      client = await mcpClient(mcpUrl);
    });
    after(async () => {
      await client.close();
      await served.close();
    });

    it('lists the marked routes only, each input the JSON Schema of its path, query and body schemas, its output its Returns() schema', async () => {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).to.have.members(['one', 'add_task', 'remove', 'limited']);
      const one = tools.find((tool) => tool.name === 'one')!;
      expect(one.description).to.equal('One task of a project');
      expect(one.inputSchema).to.deep.equal({
        type: 'object',
        properties: {
          projectId: { type: 'string', minLength: 2 },
          id: { type: 'integer', minimum: Number.MIN_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER },
        },
        required: ['projectId', 'id'],
      });
      expect(one.outputSchema).to.deep.equal({
        type: 'object',
        properties: { id: { type: 'string' }, title: { type: 'string' }, done: { type: 'boolean' } },
        required: ['id', 'title', 'done'],
        additionalProperties: false,
      });
      expect(one.annotations).to.include({ readOnlyHint: true, idempotentHint: true });
      const add = tools.find((tool) => tool.name === 'add_task')!;
      expect(add.description).to.equal('Adds a task to a project');
      expect(add.inputSchema.properties).to.deep.equal({
        projectId: { type: 'string' },
        notify: { type: 'string', enum: ['yes', 'no'] },
        title: { type: 'string', minLength: 1 },
        done: { type: 'boolean', default: false },
      });
      expect(add.inputSchema.required).to.deep.equal(['projectId', 'title']);
      expect(add.outputSchema).to.equal(undefined);
      expect(tools.find((tool) => tool.name === 'remove')!.annotations).to.include({ destructiveHint: true });
    });

    it('answers a call with what the route answers: its body as structuredContent and as JSON text', async () => {
      const result = await client.callTool({ name: 'one', arguments: { projectId: 'a/b c', id: 7 } });
      expect(result.isError).to.equal(undefined);
      expect(result.structuredContent).to.deep.equal({ id: '7', title: 'a/b c#7', done: false });
      expect(firstText(result)).to.deep.equal(result.structuredContent);
      const added = await client.callTool({
        name: 'add_task',
        arguments: { projectId: 'p1', notify: 'yes', title: 'Write specs' },
      });
      expect(added.structuredContent).to.deep.equal({
        projectId: 'p1',
        notify: 'yes',
        title: 'Write specs',
        done: false,
      });
    });

    it('refuses arguments the route refuses: a tool error carrying the 422 details, the handler not called', async () => {
      const result = await client.callTool({ name: 'one', arguments: { projectId: 'a', id: 'seven' } });
      expect(result.isError).to.equal(true);
      // The tool declares its success body, which an error body would not match.
      expect(result.structuredContent).to.equal(undefined);
      const body = firstText(result);
      expect(body).to.include({ statusCode: 422, code: 'BAD_USER_INPUT' });
      expect(body.details.map((detail: { path: string }) => detail.path)).to.have.members([
        'params.projectId',
        'params.id',
      ]);
      const missing = firstText(await client.callTool({ name: 'one', arguments: { projectId: 'ab' } }));
      expect(missing).to.include({ statusCode: 422 });
      expect(missing.details).to.deep.equal([
        { path: 'params.id', message: 'Required', code: 'invalid_type' },
      ]);
      const body422 = firstText(
        await client.callTool({ name: 'add_task', arguments: { projectId: 'p1', title: '' } }),
      );
      expect(body422.details.map((detail: { path: string }) => detail.path)).to.deep.equal(['body.title']);
    });

    it('makes a coded error a tool error whose text and structuredContent are the error body', async () => {
      const locked = await client.callTool({ name: 'remove', arguments: { projectId: 'p1', id: '1' } });
      expect(locked.isError).to.equal(true);
      const body = { statusCode: 409, error: 'Conflict', message: 'The task is locked', code: 'TASK_LOCKED' };
      expect(firstText(locked)).to.deep.equal(body);
      expect(locked.structuredContent).to.deep.equal(body);
      const missing = await client.callTool({ name: 'one', arguments: { projectId: 'ab', id: 404 } });
      expect(firstText(missing)).to.include({ statusCode: 404, code: 'NOT_FOUND', message: 'No such task' });
    });

    it("counts a call against the route's rate limit, in the bucket of the caller's address, as over HTTP", async () => {
      const direct = await fetch(`${served.url}/limited`);
      expect(direct.status).to.equal(200);
      expect((await client.callTool({ name: 'limited' })).isError).to.equal(undefined);
      const refused = await client.callTool({ name: 'limited' });
      expect(refused.isError).to.equal(true);
      expect(firstText(refused)).to.include({ statusCode: 429, code: 'TOO_MANY_REQUESTS' });
    });

    it('logs the route request a call makes, with the id of the MCP request that made it', async () => {
      const reqId = `mcp-spec-${engine}`;
      const res = await postMcp(mcpUrl, toolCall('one', { projectId: 'logged', id: 1 }), {
        'x-request-id': reqId,
        'mcp-protocol-version': '2025-06-18',
      });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expect(res.headers.get('mcp-session-id')).to.equal(null);
      const logged = lines.filter((line) => line.reqId === reqId);
      expect(logged.map((line) => [line.req.method, line.req.url, line.res.statusCode])).to.have.deep.members(
        [
          ['POST', '/mcp', 200],
          ['GET', '/projects/logged/tasks/1', 200],
        ],
      );
    });

    it('leaves unmarked routes out: calling one is an unknown tool', async () => {
      const res = await postMcp(mcpUrl, toolCall('list'), { 'mcp-protocol-version': '2025-06-18' });
      const answer = JSON.parse(res.text);
      expect(answer.error).to.include({ code: -32602 });
      expect(answer.error.message).to.match(/Unknown tool: list/);
    });
  });
});
