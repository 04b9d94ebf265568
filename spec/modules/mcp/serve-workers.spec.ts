import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { expect } from 'chai';
import { type SpawnedNode, spawnNode } from '../../support/child-processes';
import { MCP_HEADERS, toolCall } from './support/mcp-client';

const SCRIPT = join(__dirname, 'support', 'served-mcp-app.js');

// One POST on a connection of its own: the primary hands each connection to a worker in turn.
function postOnNewConnection(url: string, message: unknown): Promise<{ status: number; body: any }> {
  const body = JSON.stringify(message);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        agent: false,
        headers: { ...MCP_HEADERS, connection: 'close', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.once('error', reject);
    req.end(body);
  });
}

describe('mcp behind serve() workers', function () {
  this.timeout(120_000);
  let primary: SpawnedNode;

  after(async () => {
    if (primary?.child.exitCode === null) {
      primary.child.kill('SIGTERM');
      await primary.exited;
    }
  });

  it('answers every request on whichever worker gets it, with no session to share', async () => {
    primary = spawnNode([SCRIPT], { env: { LOG_LEVEL: 'silent', SERVE_WORKERS: '2' } });
    const deadline = Date.now() + 60_000;
    let url: string | undefined;
    while (!url && Date.now() < deadline) {
      url = /serving (http:\/\/\S+)/.exec(primary.output())?.[1];
      if (!url) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(url, primary.output()).to.be.a('string');
    const initialized = await postOnNewConnection(`${url}/mcp`, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'spec', version: '1' } },
    });
    expect(initialized.body.result.protocolVersion).to.equal('2025-11-25');
    const pids = new Set<number>();
    for (let call = 1; call <= 12; call++) {
      const answer = await postOnNewConnection(`${url}/mcp`, toolCall('pid', {}, call));
      expect(answer.status).to.equal(200);
      pids.add(answer.body.result.structuredContent.pid);
    }
    expect(pids.size).to.equal(2);
  });
});
