import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { z } from 'zod';
import { ConflictException, Depends, Injectable, McpCall, Prompt, Resource, Tool } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { capturingLogger } from '../../support/capturing-logger';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { firstText, mcpClient } from './support/mcp-client';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let created = 0;
/** One per call: every Depends of one call shares it. */
@Injectable('request')
class CallScoped {
  readonly id = ++created;
}

@Injectable()
class Greeter {
  greet(name: string) {
    return `Hello, ${name}`;
  }
}

/** What the slow tool saw: that it started, and its cancellation. */
const slow = {
  started: undefined as (() => void) | undefined,
  cancelled: undefined as ((reason: unknown) => void) | undefined,
};

@Injectable()
class ReportTools {
  constructor(private readonly greeter: Greeter) {}

  @Tool({
    name: 'weekly_report',
    description: 'The report of a week',
    input: z.object({ week: z.string().regex(/^\d{4}-W\d\d$/) }),
  })
  report(input: { week: string }) {
    return { week: input.week, done: 3, at: new Date('2026-01-05T10:00:00.000Z') };
  }

  @Tool({ name: 'greet', input: z.object({ name: z.string() }) })
  greet(input: { name: string }) {
    return this.greeter.greet(input.name);
  }

  @Tool({ name: 'logo', result: 'raw' })
  logo() {
    return {
      content: [
        { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
        { type: 'text', text: 'The logo' },
      ],
    };
  }

  @Tool({ name: 'scoped' })
  scoped(_input: object, @Depends(CallScoped) a: CallScoped, @Depends(CallScoped) b: CallScoped) {
    return { same: a === b, id: a.id };
  }

  @Tool({ name: 'reserve' })
  reserve() {
    throw new ConflictException('Already reserved', { code: 'ALREADY_RESERVED' });
  }

  @Tool({ name: 'crash' })
  crash() {
    throw new TypeError('internal detail that must not leak');
  }

  @Tool({ name: 'import_rows', input: z.object({ rows: z.number().int() }) })
  async importRows(input: { rows: number }, @McpCall() call: McpCall) {
    await call.log('info', { starting: input.rows });
    for (let row = 1; row <= input.rows; row++) await call.progress(row, input.rows, `row ${row}`);
    await call.log('notice', 'done');
    return { imported: input.rows };
  }

  @Tool({ name: 'slow' })
  async slow(_input: object, @McpCall() call: McpCall) {
    slow.started?.();
    const reason = await new Promise((resolve) =>
      call.signal.addEventListener('abort', () => resolve(call.signal.reason)),
    );
    slow.cancelled?.(reason);
    return { finished: false };
  }
}

@Injectable()
class NoteResources {
  @Resource('config://app', { description: 'The settings', mimeType: 'text/plain' })
  config() {
    return { text: 'mode=test' };
  }

  @Resource('files://logo.png', { name: 'logo', mimeType: 'image/png' })
  logo() {
    return PNG;
  }

  @Resource('notes://{id}', { name: 'note', mimeType: 'text/markdown' })
  note(uri: URL, variables: { id: string }) {
    if (variables.id === 'missing') throw new ConflictException('gone');
    return `# Note ${variables.id} (${uri.protocol})`;
  }

  @Prompt(
    'review',
    z.object({ code: z.string().describe('The code to review'), language: z.string().optional() }),
    {
      description: 'Reviews a piece of code',
    },
  )
  review(args: { code: string; language?: string }) {
    return {
      description: `A review of ${args.language ?? 'some'} code`,
      messages: [
        { role: 'user', content: { type: 'text', text: `Review this:\n${args.code}` } },
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: 'notes://style', mimeType: 'text/markdown', text: '# Style' },
          },
        },
        { role: 'user', content: { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' } },
      ],
    };
  }

  @Prompt('hello')
  hello() {
    return 'Say hello';
  }
}

class FrenchGreeter extends Greeter {
  override greet(name: string) {
    return `Bonjour, ${name}`;
  }
}

describe('mcp: tools, resources and prompts of providers', () => {
  forEachEngine((engine) => {
    let served: Served;
    let client: Client;
    const { logger, lines } = capturingLogger();

    before(async () => {
      const app = createApp({ engine, logger }).install('mcp', { providers: [ReportTools, NoteResources] });
      app.override(Greeter, FrenchGreeter);
      served = await serve(app);
      client = await mcpClient(`${served.url}/mcp`);
    });
    after(async () => {
      await client.close();
      await served.close();
    });

    it('lists the providers’ tools with the JSON Schema of their input', async () => {
      const { tools } = await client.listTools();
      const report = tools.find((tool) => tool.name === 'weekly_report')!;
      expect(report.description).to.equal('The report of a week');
      expect(report.inputSchema).to.deep.equal({
        type: 'object',
        properties: { week: { type: 'string', pattern: '^\\d{4}-W\\d\\d$' } },
        required: ['week'],
      });
      expect(tools.find((tool) => tool.name === 'logo')!.inputSchema).to.deep.equal({
        type: 'object',
        properties: {},
      });
    });

    it('makes a plain value structuredContent and a JSON text block; text stays text', async () => {
      const result = await client.callTool({ name: 'weekly_report', arguments: { week: '2026-W02' } });
      expect(result.structuredContent).to.deep.equal({
        week: '2026-W02',
        done: 3,
        at: '2026-01-05T10:00:00.000Z',
      });
      expect(firstText(result)).to.deep.equal(result.structuredContent);
      expect((await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).content).to.deep.equal([
        { type: 'text', text: 'Bonjour, Ada' },
      ]);
    });

    it("returns a raw result's content blocks as they are", async () => {
      const result = await client.callTool({ name: 'logo' });
      expect(result.content).to.deep.equal([
        { type: 'image', data: PNG.toString('base64'), mimeType: 'image/png' },
        { type: 'text', text: 'The logo' },
      ]);
      expect(result.structuredContent).to.equal(undefined);
    });

    it('refuses input its schema refuses, and makes a coded error a tool error with the error body', async () => {
      const refused = await client.callTool({ name: 'weekly_report', arguments: { week: 'last week' } });
      expect(refused.isError).to.equal(true);
      expect(refused.structuredContent).to.include({ statusCode: 422, code: 'BAD_USER_INPUT' });
      expect((refused.structuredContent as { details: { path: string }[] }).details[0].path).to.equal(
        'arguments.week',
      );
      const conflict = await client.callTool({ name: 'reserve' });
      expect(conflict.structuredContent).to.deep.equal({
        statusCode: 409,
        error: 'Conflict',
        message: 'Already reserved',
        code: 'ALREADY_RESERVED',
      });
      const crash = await client.callTool({ name: 'crash' });
      expect(crash.structuredContent).to.include({ statusCode: 500, code: 'INTERNAL_SERVER_ERROR' });
      expect(JSON.stringify(crash)).not.to.include('internal detail');
      expect(
        lines.some((line) => line.msg === 'MCP call failed' && line.handler === 'ReportTools.crash'),
      ).to.equal(true);
    });

    it('resolves a call’s dependencies in a scope of its own, and what app.override put in place', async () => {
      const first = await client.callTool({ name: 'scoped' });
      const second = await client.callTool({ name: 'scoped' });
      expect(first.structuredContent).to.include({ same: true });
      expect((second.structuredContent as { id: number }).id).to.equal(
        (first.structuredContent as { id: number }).id + 1,
      );
    });

    it('sends progress and log notifications on the call’s own answer, before its result', async () => {
      const seen: unknown[] = [];
      client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
        seen.push(['log', notification.params.level, notification.params.data]);
      });
      const result = await client.callTool({ name: 'import_rows', arguments: { rows: 2 } }, undefined, {
        onprogress: (progress) =>
          seen.push(['progress', progress.progress, progress.total, progress.message]),
      });
      expect(result.structuredContent).to.deep.equal({ imported: 2 });
      expect(seen).to.deep.equal([
        ['log', 'info', { starting: 2 }],
        ['progress', 1, 2, 'row 1'],
        ['progress', 2, 2, 'row 2'],
        ['log', 'notice', 'done'],
      ]);
    });

    it('aborts the signal of a call its caller cancels, and answers it no more', async () => {
      const started = new Promise<void>((resolve) => {
        slow.started = resolve;
      });
      const cancelled = new Promise<unknown>((resolve) => {
        slow.cancelled = resolve;
      });
      const controller = new AbortController();
      const call = client.callTool({ name: 'slow' }, undefined, { signal: controller.signal });
      await started;
      controller.abort('changed my mind');
      let failure: unknown;
      await call.catch((err) => {
        failure = err;
      });
      expect(failure).to.be.instanceOf(McpError);
      expect(await cancelled).to.equal('changed my mind');
    });

    it('aborts the signal of a call whose caller goes away', async () => {
      const started = new Promise<void>((resolve) => {
        slow.started = resolve;
      });
      const cancelled = new Promise<unknown>((resolve) => {
        slow.cancelled = resolve;
      });
      const controller = new AbortController();
      const post = fetch(`${served.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 9,
          method: 'tools/call',
          params: { name: 'slow', arguments: {} },
        }),
        signal: controller.signal,
      });
      const res = await post;
      expect(res.headers.get('content-type')).to.equal('text/event-stream');
      await started;
      controller.abort();
      expect(await cancelled).to.equal('the client closed the connection');
    });

    it('lists the resources and the templates, and reads text, bytes and a template’s', async () => {
      expect((await client.listResources()).resources).to.deep.equal([
        { uri: 'config://app', name: 'config', description: 'The settings', mimeType: 'text/plain' },
        { uri: 'files://logo.png', name: 'logo', mimeType: 'image/png' },
      ]);
      expect((await client.listResourceTemplates()).resourceTemplates).to.deep.equal([
        { uriTemplate: 'notes://{id}', name: 'note', mimeType: 'text/markdown' },
      ]);
      expect((await client.readResource({ uri: 'config://app' })).contents).to.deep.equal([
        { uri: 'config://app', mimeType: 'text/plain', text: 'mode=test' },
      ]);
      expect((await client.readResource({ uri: 'files://logo.png' })).contents).to.deep.equal([
        { uri: 'files://logo.png', mimeType: 'image/png', blob: PNG.toString('base64') },
      ]);
      expect((await client.readResource({ uri: 'notes://42' })).contents).to.deep.equal([
        { uri: 'notes://42', mimeType: 'text/markdown', text: '# Note 42 (notes:)' },
      ]);
    });

    it('answers an unknown resource -32002 and a refused read an error carrying the error body', async () => {
      const unknown = await client.readResource({ uri: 'other://1' }).catch((err) => err);
      expect(unknown).to.be.instanceOf(McpError);
      expect(unknown.code).to.equal(-32002);
      const refused = await client.readResource({ uri: 'notes://missing' }).catch((err) => err);
      expect(refused.code).to.equal(-32602);
      expect(refused.data).to.include({ statusCode: 409, code: 'CONFLICT' });
    });

    it('lists the prompts with their arguments, and gets one with an embedded resource and an image', async () => {
      expect((await client.listPrompts()).prompts).to.deep.equal([
        {
          name: 'review',
          description: 'Reviews a piece of code',
          arguments: [
            { name: 'code', description: 'The code to review', required: true },
            { name: 'language', required: false },
          ],
        },
        { name: 'hello', arguments: [] },
      ]);
      const review = await client.getPrompt({
        name: 'review',
        arguments: { code: 'x = 1', language: 'python' },
      });
      expect(review.description).to.equal('A review of python code');
      expect(review.messages.map((message) => message.content.type)).to.deep.equal([
        'text',
        'resource',
        'image',
      ]);
      expect(review.messages[1].content).to.deep.equal({
        type: 'resource',
        resource: { uri: 'notes://style', mimeType: 'text/markdown', text: '# Style' },
      });
      expect((await client.getPrompt({ name: 'hello' })).messages).to.deep.equal([
        { role: 'user', content: { type: 'text', text: 'Say hello' } },
      ]);
      const refused = await client.getPrompt({ name: 'review', arguments: {} }).catch((err) => err);
      expect(refused.code).to.equal(-32602);
      expect(refused.data.details[0].path).to.equal('arguments.code');
    });
  });
});
