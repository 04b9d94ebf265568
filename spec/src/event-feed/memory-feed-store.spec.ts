import { expect } from 'chai';
import { MemoryFeedStore } from '../../../src/event-feed/memory-feed-store';

describe('MemoryFeedStore', () => {
  it('keeps at least the last capacity events, and reads those after an id in order', async () => {
    const store = new MemoryFeedStore(10);
    for (let n = 1; n <= 40; n++) await store.append('t', String(n));
    const kept = await store.after('t', 0);
    expect(kept.length).to.be.within(10, 13);
    expect(kept[kept.length - 1]).to.deep.equal({ id: 40, payload: '40' });
    expect((await store.after('t', 37)).map((e) => e.id)).to.deep.equal([38, 39, 40]);
    expect(await store.after('t', 40)).to.deep.equal([]);
    expect(await store.after('other', 0)).to.deep.equal([]);
  });
});
