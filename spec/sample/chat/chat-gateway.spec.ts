import { expect } from 'chai';
import sinon from 'sinon';
import { ChatGateway } from '../../../sample/chat/chat-gateway';
import type { WebSocketConnection } from '../../../src';

function connection(): WebSocketConnection & { broadcast: sinon.SinonStub } {
  return {
    id: 'c1',
    user: { id: 1, username: 'ada', role: 'viewer', permissions: [] },
    rooms: new Set(),
    send: sinon.stub(),
    broadcast: sinon.stub(),
    join: sinon.stub(),
    leave: sinon.stub(),
    close: sinon.stub(),
  };
}

describe('ChatGateway', () => {
  it('welcomes a client by name', () => {
    expect(new ChatGateway().welcome(connection())).to.deep.equal({ type: 'welcome', username: 'ada' });
  });

  it("broadcasts a message with the sender's name and the time, and confirms it to the sender", () => {
    const client = connection();
    const receipt = new ChatGateway().message(client, { type: 'message', text: 'hola' });
    expect(client.broadcast.calledOnce).to.equal(true);
    const sent = client.broadcast.firstCall.args[0];
    expect(sent).to.include({ type: 'message', text: 'hola', from: 'ada' });
    expect(new Date(sent.at).toISOString()).to.equal(sent.at);
    expect(receipt).to.deep.equal({ type: 'sent', at: sent.at });
  });
});
