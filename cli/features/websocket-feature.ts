import type { StarterFeature } from './starter-feature';

/** A WebSocket gateway that answers each message. */
export const websocketFeature: StarterFeature = {
  dependencies: ['ws'],
  devDependencies: ['@types/ws'],
  imports: ({ rel }) => [`import { EchoGateway } from '${rel('./echo.gateway')}';`],
  classes: { gateways: ['EchoGateway'] },
  files: ({ rel }) => ({
    'src/echo.gateway.ts': `import { OnMessage, WebSocket, type WebSocketConnection } from 'trellis';
import { z } from 'zod';

/** What a client may send. */
export const EchoMessageSchema = z.object({ type: z.literal('echo'), text: z.string().min(1).max(1000) });
export type EchoMessage = z.infer<typeof EchoMessageSchema>;

/** ws://host/echo: each message \`{ type: 'echo', text }\` is answered with its text. */
@WebSocket('/echo')
export class EchoGateway {
  @OnMessage(EchoMessageSchema)
  echo(_connection: WebSocketConnection, message: EchoMessage) {
    return { type: 'echo', text: message.text };
  }
}
`,
    'spec/echo.gateway.spec.ts': `import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { closeTestApps, createTestApp } from 'trellis/testing';
import WebSocket from 'ws';
import { buildApp } from '${rel('../src/app')}';

describe('WebSocket /echo', () => {
  afterEach(() => closeTestApps());

  it('answers a message with its text, over a real connection', async () => {
    const server = await buildApp(createTestApp).listen(0, '127.0.0.1');
    const { port } = server.address() as AddressInfo;
    const socket = new WebSocket(\`ws://127.0.0.1:\${port}/echo\`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const answer = new Promise<string>((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send(JSON.stringify({ type: 'echo', text: 'hi' }));
    expect(JSON.parse(await answer)).to.deep.equal({ type: 'echo', text: 'hi' });
    socket.close();
  });
});
`,
  }),
  readme: ['- `src/echo.gateway.ts`: a WebSocket gateway at `ws://127.0.0.1:3000/echo`.'],
  serves: ['ws://…/echo'],
};
