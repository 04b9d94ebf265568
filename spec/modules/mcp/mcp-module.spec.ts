import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { z } from 'zod';
import { Body, Controller, Get, Injectable, Param, Post, Prompt, Resource, Tool } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import type { Class } from '../../../src/kernel/metadata/types';
import { expectThrowsCode } from '../../support/expect-code';

const DIST = join(__dirname, '..', '..', '..');
const PRELOAD = join(DIST, 'spec', 'support', 'without-optional-peers.js');

@Controller('/reports')
class ReportsController {
  @Get('/:id')
  @Tool({ name: 'report' })
  one(@Param('id') id: string) {
    return { id };
  }

  @Get()
  list() {
    return [];
  }
}

@Injectable()
class ReportTools {
  @Tool({ name: 'summary', input: z.object({ week: z.string() }) })
  summary() {
    return {};
  }

  @Resource('reports://{id}')
  read() {
    return '';
  }

  @Prompt('explain')
  explain() {
    return 'Explain';
  }
}

/** The code `ready()` fails with for an application serving these classes over MCP. */
async function readyFailure(
  controllers: Class[],
  providers: Class[] = [],
): Promise<{ code?: string; message: string }> {
  const app = createApp({ controllers }).install('mcp', { providers });
  try {
    await app.ready();
  } catch (err) {
    return err as { code?: string; message: string };
  } finally {
    await app.close();
  }
  expect.fail('ready() should have failed');
}

// Runs `script` in a fresh node in dist/, every optional peer but `kept` hidden; resolves to what it printed.
async function inFreshProcess(script: string, kept: string[] = ['@modelcontextprotocol/sdk']): Promise<any> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-r', PRELOAD, '-e', script], {
    cwd: DIST,
    env: { ...process.env, LOG_LEVEL: 'silent', KEEP_OPTIONAL_PEERS: kept.join(',') },
    timeout: 20_000,
  });
  return JSON.parse(stdout);
}

const FRESH_APP = `
const t = require('./index.js');
const z = require('zod');
const loaded = () => Object.keys(require.cache).some((file) => file.includes('/node_modules/@modelcontextprotocol/sdk/'));
class Ping { ping() { return { pong: true }; } }
Reflect.decorate([t.Get(), t.Tool()], Ping.prototype, 'ping', Object.getOwnPropertyDescriptor(Ping.prototype, 'ping'));
const PingController = Reflect.decorate([t.Controller('/ping')], Ping);
`;

describe('mcp: the module', () => {
  it('refuses options of the wrong shape when installed', () => {
    const error = expectThrowsCode(
      () => createApp({}).install('mcp', { path: 'mcp' }),
      'TRELLIS_ERR_INVALID_OPTION',
    );
    expect(error.message).to.equal("mcp.path: must start with '/'");
  });

  it('fails ready() naming both methods of two tools with one name', async () => {
    @Injectable()
    class Twin {
      @Tool({ name: 'report' })
      report() {}
    }
    const error = await readyFailure([ReportsController], [Twin]);
    expect(error.code).to.equal('TRELLIS_ERR_MCP_DUPLICATE');
    expect(error.message).to.equal(
      "mcp: two tools are named 'report': ReportsController.one and Twin.report; give one another name",
    );
  });

  it('fails ready() on a tool name MCP refuses, and on two route parts that take one argument', async () => {
    @Injectable()
    class Spaced {
      @Tool({ name: 'weekly report' })
      report() {}
    }
    expect((await readyFailure([], [Spaced])).code).to.equal('TRELLIS_ERR_MCP_INVALID_NAME');
    @Controller('/titles')
    class Clashing {
      @Post('/:title')
      @Tool()
      rename(@Param('title') _title: string, @Body(z.object({ title: z.string() })) _body: object) {}
    }
    const clash = await readyFailure([Clashing]);
    expect(clash.code).to.equal('TRELLIS_ERR_MCP_INPUT_CLASH');
    expect(clash.message).to.match(/Clashing\.rename: .*'title' from both the path parameters and the body/);
  });

  it('fails ready() on an MCP decorator where nothing serves it', async () => {
    @Controller('/misplaced')
    class Misplaced {
      @Tool()
      helper() {}
    }
    expect((await readyFailure([Misplaced])).code).to.equal('TRELLIS_ERR_MCP_NOT_SERVED');
    @Controller('/resources')
    class ResourceOnController {
      @Get()
      @Resource('files://a')
      a() {}
    }
    expect((await readyFailure([ResourceOnController])).message).to.match(
      /Resource\(\) is not served over MCP/,
    );
    @Controller('/options')
    class RouteWithInput {
      @Get()
      @Tool({ input: z.object({}) })
      a() {}
    }
    expect((await readyFailure([RouteWithInput])).code).to.equal('TRELLIS_ERR_MCP_ROUTE_TOOL_OPTION');
  });

  it('fails ready() on a tool input that is no object and a resource URI that is no URI', async () => {
    @Injectable()
    class ListInput {
      @Tool({ input: z.array(z.string()) })
      a() {}
    }
    expect((await readyFailure([], [ListInput])).code).to.equal('TRELLIS_ERR_MCP_INPUT_NOT_OBJECT');
    @Injectable()
    class Relative {
      @Resource('notes/{id}')
      a() {}
    }
    expect((await readyFailure([], [Relative])).code).to.equal('TRELLIS_ERR_MCP_INVALID_URI');
  });

  it('is described by inspect(): each tool, resource and prompt with its handler and route', async () => {
    const app = createApp({ controllers: [ReportsController] }).install('mcp', { providers: [ReportTools] });
    const description = await app.inspect();
    await app.close();
    expect(description.modules).to.include('mcp');
    expect(description.mcp).to.deep.equal([
      { kind: 'tool', name: 'report', handler: 'ReportsController.one', route: 'GET /reports/:id' },
      { kind: 'tool', name: 'summary', handler: 'ReportTools.summary' },
      { kind: 'resource', name: 'reports://{id}', handler: 'ReportTools.read' },
      { kind: 'prompt', name: 'explain', handler: 'ReportTools.explain' },
    ]);
    expect(createApp({}).inspection.describe()).not.to.have.property('mcp');
  });

  describe('its optional package', function () {
    this.timeout(30_000);

    it('is loaded by the first MCP request, not by ready(), and not at all by an application without the module', async () => {
      const seen = await inFreshProcess(`${FRESH_APP}
        (async () => {
          const plain = t.createApp({ controllers: [PingController] });
          await plain.ready();
          const withoutModule = loaded();
          const app = t.createApp({ controllers: [PingController] }).install('mcp', {});
          await app.ready();
          const atReady = loaded();
          const res = await app.inject({ method: 'POST', url: '/mcp',
            headers: { accept: 'application/json, text/event-stream' },
            body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ping', arguments: {} } } });
          const answer = res.json();
          await app.close(); await plain.close();
          console.log(JSON.stringify({ withoutModule, atReady, afterRequest: loaded(), answer: answer.result.structuredContent }));
        })();`);
      expect(seen).to.deep.equal({
        withoutModule: false,
        atReady: false,
        afterRequest: true,
        answer: { pong: true },
      });
    });

    it('fails ready() with the npm install line when it is missing', async () => {
      const seen = await inFreshProcess(
        `${FRESH_APP}
        t.createApp({ controllers: [PingController] }).install('mcp', {}).ready().then(
          () => console.log(JSON.stringify({ ready: true })),
          (err) => console.log(JSON.stringify({ code: err.code, message: err.message })),
        );`,
        [],
      );
      expect(seen.code).to.equal('TRELLIS_ERR_MISSING_PACKAGE');
      expect(seen.message).to.include("MCP (install('mcp'))");
      expect(seen.message).to.match(/npm install @modelcontextprotocol\/sdk@"\^1\.32\.2"/);
    });
  });
});
