import { expect } from 'chai';
import { type BroadcastEnvelope, LocalBroadcaster } from '../../../src';

describe('LocalBroadcaster', () => {
  it('delivers an envelope once to each subscriber of that gateway only', () => {
    const broadcaster = new LocalBroadcaster();
    const chat: BroadcastEnvelope[] = [];
    const chat2: BroadcastEnvelope[] = [];
    const news: BroadcastEnvelope[] = [];
    broadcaster.subscribe('/chat', (e) => chat.push(e));
    broadcaster.subscribe('/chat', (e) => chat2.push(e));
    broadcaster.subscribe('/news', (e) => news.push(e));
    const envelope = { data: '{"a":1}', room: 'r', senderId: 'x' };
    broadcaster.publish('/chat', envelope);
    expect(chat).to.deep.equal([envelope]);
    expect(chat2).to.deep.equal([envelope]);
    expect(news).to.deep.equal([]);
  });

  it('stops delivering after unsubscribe, without touching a later subscriber', () => {
    const broadcaster = new LocalBroadcaster();
    const first: BroadcastEnvelope[] = [];
    const second: BroadcastEnvelope[] = [];
    const unsubscribe = broadcaster.subscribe('/chat', (e) => first.push(e));
    unsubscribe();
    broadcaster.subscribe('/chat', (e) => second.push(e));
    unsubscribe();
    broadcaster.publish('/chat', { data: '1' });
    expect(first).to.deep.equal([]);
    expect(second).to.deep.equal([{ data: '1' }]);
  });

  it('publishes to a gateway nobody subscribed without failing', () => {
    expect(() => new LocalBroadcaster().publish('/empty', { data: '1' })).to.not.throw();
  });
});
