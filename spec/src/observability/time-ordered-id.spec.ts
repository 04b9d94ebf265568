import { expect } from 'chai';
import { timeOrderedIds } from '../../../src/observability/time-ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// The 48-bit millisecond an id carries.
const millisecondOf = (id: string) => Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

describe('timeOrderedIds(): UUIDv7 request ids', () => {
  it('writes the clock’s millisecond, the version and the variant', () => {
    const id = timeOrderedIds(() => 1_700_000_000_123)();
    expect(id).to.match(UUID_V7);
    expect(millisecondOf(id)).to.equal(1_700_000_000_123);
  });

  it('never repeats an id and keeps them in order, past 4,096 in one millisecond', () => {
    const next = timeOrderedIds(() => 1_700_000_000_000);
    const ids = Array.from({ length: 10_000 }, next);
    expect(new Set(ids).size).to.equal(10_000);
    expect(ids.every((id, i) => i === 0 || ids[i - 1] < id)).to.equal(true);
    expect(millisecondOf(ids[4_095])).to.equal(1_700_000_000_000);
    expect(millisecondOf(ids[4_096])).to.equal(1_700_000_000_001);
  });

  it('stays in order when the clock steps back', () => {
    let now = 1_700_000_000_500;
    const next = timeOrderedIds(() => now);
    const before = next();
    now -= 400;
    const after = next();
    expect(after > before).to.equal(true);
    expect(millisecondOf(after)).to.equal(1_700_000_000_500);
  });

  it('draws fresh random bits for each millisecond, and for each source', () => {
    let now = 1_700_000_000_000;
    const next = timeOrderedIds(() => now++);
    const tails = new Set(Array.from({ length: 1_000 }, () => next().slice(19)));
    const other = timeOrderedIds(() => 1_700_000_000_000)().slice(19);
    expect(tails.size).to.equal(1_000);
    expect(tails.has(other)).to.equal(false);
  });
});
