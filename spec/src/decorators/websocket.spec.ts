import { expect } from 'chai';
import { z } from 'zod';
import { OnConnect, OnDisconnect, OnMessage, WebSocket } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';

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
    expect(meta().path).to.equal('/chat');
  });

  it('each event decorator records its event, OnMessage() with its schema', () => {
    expect(meta().methods.get('connected')!.ws).to.deep.equal({ event: 'connect', schema: undefined });
    expect(meta().methods.get('gone')!.ws).to.deep.equal({ event: 'disconnect', schema: undefined });
    expect(meta().methods.get('message')!.ws?.event).to.equal('message');
    expect(meta().methods.get('message')!.ws?.schema).to.equal(Chat);
  });
});
