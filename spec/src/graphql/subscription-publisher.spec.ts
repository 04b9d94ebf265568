import { expect } from 'chai';
import pino from 'pino';
import sinon from 'sinon';
import { LocalBroadcaster, SubscriptionPublisher } from '../../../src';

describe('graphql: SubscriptionPublisher', () => {
  const logger = pino({ level: 'silent' });

  it('delivers a payload as JSON to every subscriber of its topic only', async () => {
    const broadcaster = new LocalBroadcaster();
    const publisher = new SubscriptionPublisher(() => broadcaster, logger);
    const a = publisher.subscribe<{ at: string }>('news');
    const b = publisher.subscribe('news');
    const other = publisher.subscribe('sports');
    await publisher.publish('news', { at: new Date('2024-01-02T03:04:05Z') });
    expect(await a.next()).to.deep.equal({ value: { at: '2024-01-02T03:04:05.000Z' }, done: false });
    expect((await b.next()).value).to.deep.equal({ at: '2024-01-02T03:04:05.000Z' });
    const nothing = await Promise.race([
      other.next(),
      new Promise((resolve) => setTimeout(() => resolve('none'), 20)),
    ]);
    expect(nothing).to.equal('none');
    await other.return?.();
  });

  it('looks the broadcaster up once, on first use, not on every publish', async () => {
    const broadcaster = new LocalBroadcaster();
    const lookup = sinon.spy(() => broadcaster);
    const publisher = new SubscriptionPublisher(lookup, logger);
    expect(lookup.callCount).to.equal(0);
    const reader = publisher.subscribe<number>('news');
    await publisher.publish('news', 1);
    await publisher.publish('news', 2);
    expect((await reader.next()).value).to.equal(1);
    expect((await reader.next()).value).to.equal(2);
    expect(lookup.callCount).to.equal(1);
    await reader.return?.();
  });

  it('subscribes to a topic channel with the first subscriber and leaves it with the last', async () => {
    const broadcaster = new LocalBroadcaster();
    const unsubscribe = sinon.spy();
    const subscribe = sinon.stub(broadcaster, 'subscribe').returns(unsubscribe);
    const publisher = new SubscriptionPublisher(() => broadcaster, logger);
    const a = publisher.subscribe('news');
    const b = publisher.subscribe('news');
    expect(subscribe.callCount).to.equal(1);
    expect(subscribe.firstCall.args[0]).to.equal('graphql:news');
    expect(publisher.subscribers('news')).to.equal(2);
    await a.return?.();
    await new Promise((resolve) => setImmediate(resolve));
    expect(unsubscribe.called).to.equal(false);
    await b.return?.();
    expect(publisher.subscribers('news')).to.equal(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(unsubscribe.calledOnce).to.equal(true);
  });

  it('when the fan-out fails, logs and resolves instead of failing the caller', async () => {
    const error = sinon.spy();
    const failing = { publish: sinon.stub().rejects(new Error('redis down')), subscribe: sinon.stub() };
    const publisher = new SubscriptionPublisher(() => failing, { error } as never);
    await publisher.publish('news', { a: 1 });
    expect(error.calledOnce).to.equal(true);
  });

  it('keeps a bounded backlog per subscriber, warning once when it starts dropping', async () => {
    const warn = sinon.spy();
    const broadcaster = new LocalBroadcaster();
    const publisher = new SubscriptionPublisher(() => broadcaster, { warn } as never, 2);
    const stalled = publisher.subscribe<number>('news');
    for (const n of [1, 2, 3, 4]) await publisher.publish('news', n);
    expect(warn.callCount).to.equal(1);
    expect((await stalled.next()).value).to.equal(3);
    expect((await stalled.next()).value).to.equal(4);
  });

  it('refuses a payload that is not JSON-serialisable', async () => {
    const publisher = new SubscriptionPublisher(() => new LocalBroadcaster(), logger);
    let failure: unknown;
    await publisher.publish('news', undefined).catch((err: unknown) => {
      failure = err;
    });
    expect(failure).to.be.instanceOf(TypeError);
    expect(failure).to.include({ code: 'TRELLIS_ERR_GRAPHQL_PAYLOAD_NOT_JSON' });
  });
});
