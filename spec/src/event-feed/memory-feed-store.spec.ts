import { expect } from 'chai';
import { MemoryFeedStore } from '../../../src/event-feed/memory-feed-store';

describe('MemoryFeedStore', () => {
  it('keeps at least the last capacity events, and reads those after an id in order', async () => {
    const store = new MemoryFeedStore(10);
    const ids: number[] = [];
    for (let n = 1; n <= 40; n++) ids.push(await store.append('t', String(n)));
    const kept = await store.after('t', 0);
    expect(kept.length).to.be.within(10, 13);
    expect(kept[kept.length - 1]).to.deep.equal({ id: ids[39], payload: '40' });
    expect((await store.after('t', ids[36])).map((e) => e.id)).to.deep.equal(ids.slice(37));
    expect(await store.after('t', ids[39])).to.deep.equal([]);
    expect(await store.after('other', 0)).to.deep.equal([]);
  });

  it('gives consecutive ids above those of a store made before it (a restart), and tells what it can resume', async () => {
    const before = new MemoryFeedStore(10);
    const last = await before.append('t', 'x');
    const store = new MemoryFeedStore(10);
    const empty = await store.span('t');
    expect(empty.oldest).to.be.above(last);
    expect(empty.newest).to.equal(empty.oldest - 1);
    const ids: number[] = [];
    for (let n = 1; n <= 40; n++) ids.push(await store.append('t', String(n)));
    expect(ids.every((id, i) => i === 0 || id === ids[i - 1] + 1)).to.equal(true);
    const span = await store.span('t');
    expect(span.newest).to.equal(ids[39]);
    expect(span.oldest).to.equal((await store.after('t', 0))[0].id);
  });
});
