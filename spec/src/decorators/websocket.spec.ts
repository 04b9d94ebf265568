import { expect } from 'chai';
import { z } from 'zod';
import { OnConnect, OnDisconnect, OnMessage, WebSocket } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { GATEWAY, GATEWAY_EVENT } from '../../../src/websocket/gateway-metadata';

const Chat = z.object({ text: z.string() });

@WebSocket('/chat')
class ChatGateway {
  @OnConnect()
  connected() {}

  @OnMessage(Chat)
  message() {}

  @OnDisconnect()
  gone() {}
}

describe('WebSocket(), OnConnect(), OnMessage(), OnDisconnect()', () => {
  const meta = () => metadataRegistry.find(ChatGateway)!;

  it('WebSocket() records the gateway role and its path', () => {
    expect(meta().role).to.equal('gateway');
    expect(meta().get(GATEWAY)).to.deep.equal({ path: '/chat' });
  });

  it('each event decorator records its event, OnMessage() with its schema', () => {
    expect(meta().methods.get('connected')!.get(GATEWAY_EVENT)).to.deep.equal({
      event: 'connect',
      schema: undefined,
    });
    expect(meta().methods.get('gone')!.get(GATEWAY_EVENT)).to.deep.equal({
      event: 'disconnect',
      schema: undefined,
    });
    expect(meta().methods.get('message')!.get(GATEWAY_EVENT)?.event).to.equal('message');
    expect(meta().methods.get('message')!.get(GATEWAY_EVENT)?.schema).to.equal(Chat);
  });
});
