import { dirname } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'chai';
import request from 'supertest';
import { firstText, mcpClient, postMcp, toolCall } from '../../modules/mcp/support/mcp-client';
import { SseClient } from '../../src/sse/support/sse-client';
import { forEachEngine } from '../../support/engines';
import { binOf, runNode } from '../support/run-tool';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample: the task routes as MCP tools', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    let mcpUrl: string;
    let admin: string;
    let viewer: string;
    const clients: Client[] = [];
    const connect = async (token?: string) => {
      const client = await mcpClient(mcpUrl, token);
      clients.push(client);
      return client;
    };

    before(async () => {
      sample = await startSample(engine);
      mcpUrl = `${sample.url}/mcp`;
      admin = await sample.token('admin');
      viewer = await sample.token('viewer');
    });
    after(async () => {
      for (const client of clients) await client.close();
      await sample.close();
    });

    it('lists to a viewer the tools it may call, to an admin all three, with the routes’ schemas', async () => {
      const viewerTools = (await (await connect(viewer)).listTools()).tools;
      expect(viewerTools.map((tool) => tool.name).sort()).to.deep.equal(['get_task', 'list_tasks']);
      const { tools } = await (await connect(admin)).listTools();
      expect(tools.map((tool) => tool.name).sort()).to.deep.equal(['create_task', 'get_task', 'list_tasks']);
      const create = tools.find((tool) => tool.name === 'create_task')!;
      expect(create.inputSchema.required).to.deep.equal(['title']);
      expect(Object.keys(create.inputSchema.properties ?? {})).to.have.members([
        'title',
        'description',
        'status',
        'assigneeId',
      ]);
      expect(create.outputSchema?.required).to.include.members(['id', 'title', 'status', 'createdAt']);
      const get = tools.find((tool) => tool.name === 'get_task')!;
      expect(get.inputSchema).to.deep.include({ required: ['id'] });
      expect(
        Object.keys(tools.find((tool) => tool.name === 'list_tasks')!.inputSchema.properties ?? {}),
      ).to.have.members(['page', 'limit', 'cursor', 'direction']);
    });

    it('creates a task as an admin: it is then shown over HTTP and announced to the taskCreated stream', async () => {
      const stream = await SseClient.open(`${sample.url}/tasks/events`, {
        authorization: `Bearer ${viewer}`,
      });
      try {
        const client = await connect(admin);
        const created = await client.callTool({ name: 'create_task', arguments: { title: 'From an agent' } });
        expect(created.isError).to.equal(undefined);
        const task = created.structuredContent as { id: string; title: string; status: string };
        expect(task).to.include({ title: 'From an agent', status: 'todo' });
        const shown = await request(sample.url)
          .get(`/tasks/${task.id}`)
          .auth(viewer, { type: 'bearer' })
          .expect(200);
        expect(shown.body).to.deep.equal(task);
        const [event] = await stream.waitFor(1);
        expect(event.event).to.equal('taskCreated');
        expect(JSON.parse(event.data)).to.deep.equal(task);
        const got = await (await connect(viewer)).callTool({ name: 'get_task', arguments: { id: task.id } });
        expect(got.structuredContent).to.deep.equal(task);
        const listed = await (await connect(viewer)).callTool({
          name: 'list_tasks',
          arguments: { limit: 1 },
        });
        expect((listed.structuredContent as { data: unknown[] }).data).to.deep.equal([task]);
      } finally {
        stream.close();
      }
    });

    it('replays a create_task call with the same idempotency key instead of creating twice', async () => {
      const client = await connect(admin);
      const call = {
        name: 'create_task',
        arguments: { title: 'Once' },
        _meta: { idempotencyKey: `once-${engine}` },
      };
      const first = await client.callTool(call);
      const again = await client.callTool(call);
      expect((again.structuredContent as { id: string }).id).to.equal(
        (first.structuredContent as { id: string }).id,
      );
    });

    it('answers an unknown task with a tool error carrying the 404 body', async () => {
      const result = await (await connect(viewer)).callTool({
        name: 'get_task',
        arguments: { id: 'no-such-task' },
      });
      expect(result.isError).to.equal(true);
      expect(firstText(result)).to.include({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'Tarea no encontrada',
      });
    });

    it('refuses a viewer create_task with a tool error carrying the 403 code', async () => {
      const result = await (await connect(viewer)).callTool({
        name: 'create_task',
        arguments: { title: 'Nope' },
      });
      expect(result.isError).to.equal(true);
      expect(firstText(result)).to.include({ statusCode: 403, code: 'PERMISSION_MISSING' });
    });

    it('answers a call without a token HTTP 401 with WWW-Authenticate naming the resource metadata', async () => {
      const res = await postMcp(mcpUrl, toolCall('list_tasks'), { 'mcp-protocol-version': '2025-11-25' });
      expect(res.status).to.equal(401);
      expect(res.headers.get('www-authenticate')).to.equal(
        `Bearer resource_metadata="${sample.url}/.well-known/oauth-protected-resource/mcp"`,
      );
      const metadata = await fetch(`${sample.url}/.well-known/oauth-protected-resource/mcp`);
      expect(await metadata.json()).to.include({ resource: `${sample.url}/mcp` });
    });

    it('is listed by the MCP inspector’s command line (tools/list with a bearer token)', async function () {
      this.timeout(60_000);
      const cli = binOf('@modelcontextprotocol/inspector-cli', 'build/cli.js');
      const run = await runNode(
        [
          cli,
          '--cli',
          // In CLI mode the server's URL is the target, given as an argument (`--server-url` is the web client's).
          mcpUrl,
          '--transport',
          'http',
          '--header',
          `Authorization: Bearer ${admin}`,
          '--method',
          'tools/list',
        ],
        // The CLI finds its own package.json by a path relative to the working directory.
        dirname(cli),
      );
      expect(run.code, run.stderr).to.equal(0);
      const listed = JSON.parse(run.stdout.slice(run.stdout.indexOf('{')));
      expect(listed.tools.map((tool: { name: string }) => tool.name).sort()).to.deep.equal([
        'create_task',
        'get_task',
        'list_tasks',
      ]);
    });
  });
});
