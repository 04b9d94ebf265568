import { request as httpRequest } from 'node:http';
import { expect } from 'chai';
import { Controller, Get, Tool } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { MCP_HEADERS, postMcp, toolCall } from './support/mcp-client';

@Controller('/ping')
class PingController {
  @Get()
  @Tool()
  ping() {
    return { pong: true };
  }
}

const INITIALIZE = (protocolVersion: string) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});

// A request naming another host than the one it reaches, as a browser's does after DNS rebinding.
function withHost(url: string, host: string, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', headers: { ...MCP_HEADERS, host, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

describe('mcp: the Streamable HTTP endpoint', () => {
  forEachEngine((engine) => {
    let served: Served;
    let mcpUrl: string;

    before(async () => {
      const app = createApp({ engine, controllers: [PingController], bodyLimit: '2kb' }).install('mcp', {
        path: '/agents/mcp',
        name: 'spec-server',
        version: '2.1.0',
        allowedOrigins: ['https://console.example.com'],
      });
      served = await serve(app);
      mcpUrl = `${served.url}/agents/mcp`;
    });
    after(() => served.close());

    it('negotiates protocol versions 2025-06-18 and 2025-11-25, with no session', async () => {
      for (const version of ['2025-06-18', '2025-11-25']) {
        const res = await postMcp(mcpUrl, INITIALIZE(version));
        expect(res.status).to.equal(200);
        expect(res.headers.get('mcp-session-id')).to.equal(null);
        const { result } = JSON.parse(res.text);
        expect(result.protocolVersion).to.equal(version);
        expect(result.serverInfo).to.deep.equal({ name: 'spec-server', version: '2.1.0' });
        expect(result.capabilities).to.have.property('tools');
      }
      const refused = await postMcp(mcpUrl, toolCall('ping'), { 'mcp-protocol-version': '1999-01-01' });
      expect(refused.status).to.equal(400);
    });

    it('answers any request on its own, without an initialize first: stateless', async () => {
      const res = await postMcp(mcpUrl, toolCall('ping'), { 'mcp-protocol-version': '2025-06-18' });
      expect(JSON.parse(res.text)).to.deep.equal({
        jsonrpc: '2.0',
        id: 1,
        result: { content: [{ type: 'text', text: '{"pong":true}' }], structuredContent: { pong: true } },
      });
    });

    it('answers a POST of notifications only 202, and a batch with a list of answers', async () => {
      const accepted = await postMcp(mcpUrl, { jsonrpc: '2.0', method: 'notifications/initialized' });
      expect(accepted.status).to.equal(202);
      expect(accepted.text).to.equal('');
      const batch = await postMcp(mcpUrl, [
        toolCall('ping', {}, 1),
        { jsonrpc: '2.0', id: 2, method: 'ping' },
      ]);
      expect(JSON.parse(batch.text).map((answer: { id: number }) => answer.id)).to.have.members([1, 2]);
    });

    it('refuses a browser origin it was not given (403), serves one it was and a request without one', async () => {
      const refused = await postMcp(mcpUrl, toolCall('ping'), { origin: 'https://evil.example.com' });
      expect(refused.status).to.equal(403);
      expect(JSON.parse(refused.text)).to.include({ statusCode: 403, code: 'ORIGIN_NOT_ALLOWED' });
      const allowed = await postMcp(mcpUrl, toolCall('ping'), { origin: 'https://console.example.com' });
      expect(allowed.status).to.equal(200);
      // CORS stays closed: the endpoint gives no browser leave to read its answers.
      expect(allowed.headers.get('access-control-allow-origin')).to.equal(null);
    });

    it('refuses, on a loopback address, a Host that is no loopback name (DNS rebinding)', async () => {
      const port = new URL(served.url).port;
      const body = JSON.stringify(toolCall('ping'));
      const rebound = await withHost(mcpUrl, `attacker.example:${port}`, body);
      expect(rebound.status).to.equal(403);
      expect(JSON.parse(rebound.body)).to.include({ code: 'HOST_NOT_ALLOWED' });
      expect((await withHost(mcpUrl, `localhost:${port}`, body)).status).to.equal(200);
      // The host of an allowed origin is allowed.
      expect((await withHost(mcpUrl, 'console.example.com', body)).status).to.equal(200);
    });

    it('refuses what is no MCP request: GET 405, a wrong Accept 406, a body too large 413, not JSON-RPC 400', async () => {
      const get = await fetch(mcpUrl, { headers: { accept: 'text/event-stream' } });
      expect(get.status).to.equal(405);
      expect(get.headers.get('allow')).to.match(/POST/);
      expect((await postMcp(mcpUrl, toolCall('ping'), { accept: 'application/json' })).status).to.equal(406);
      const large = await postMcp(mcpUrl, toolCall('ping', { padding: 'x'.repeat(4096) }));
      expect(large.status).to.equal(413);
      const notRpc = await postMcp(mcpUrl, { hello: 'world' });
      expect(notRpc.status).to.equal(400);
      const malformed = await fetch(mcpUrl, { method: 'POST', headers: MCP_HEADERS, body: '{"jsonrpc":' });
      expect(malformed.status).to.equal(400);
    });

    it('serves nothing at the default path when given another', async () => {
      expect((await postMcp(`${served.url}/mcp`, toolCall('ping'))).status).to.equal(404);
    });
  });
});
