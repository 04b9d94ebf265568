import { expect } from 'chai';
import sinon from 'sinon';
import { TopicStream } from '../../../src/graphql/topic-stream';

describe('graphql: TopicStream', () => {
  it('hands pushed events to next() in order, queued or awaited', async () => {
    const stream = new TopicStream<number>(() => {});
    stream.push(1);
    const waiting = [stream.next(), stream.next()];
    stream.push(2);
    expect(await waiting[0]).to.deep.equal({ value: 1, done: false });
    expect(await waiting[1]).to.deep.equal({ value: 2, done: false });
  });

  it('past its capacity drops the oldest unread event and says so', async () => {
    const onDrop = sinon.spy();
    const stream = new TopicStream<number>(() => {}, 2, onDrop);
    for (const n of [1, 2, 3]) stream.push(n);
    expect(onDrop.callCount).to.equal(1);
    expect((await stream.next()).value).to.equal(2);
    expect((await stream.next()).value).to.equal(3);
  });

  it('return() ends a next() that is waiting, at once, and calls onEnd once', async () => {
    const onEnd = sinon.spy();
    const stream = new TopicStream<number>(onEnd);
    const waiting = stream.next();
    await stream.return();
    await stream.return();
    expect(await waiting).to.deep.equal({ value: undefined, done: true });
    expect(onEnd.callCount).to.equal(1);
    stream.push(4);
    expect(await stream.next()).to.deep.equal({ value: undefined, done: true });
  });
});
