import { expect } from 'chai';
import { InMemoryTokenDenyList } from '../../../modules/auth';

describe('auth: InMemoryTokenDenyList', () => {
  let now: number;
  let denyList: InMemoryTokenDenyList;
  beforeEach(() => {
    now = 1_000_000_000;
    denyList = new InMemoryTokenDenyList({ now: () => now, sweepIntervalMs: 1_000 });
  });
  const seconds = () => Math.floor(now / 1000);

  it('refuses a token until its expiry, then forgets it', async () => {
    await denyList.add('jti-1', seconds() + 5);
    expect(await denyList.has('jti-1')).to.equal(true);
    expect(await denyList.has('jti-2')).to.equal(false);
    now += 5_000;
    expect(await denyList.has('jti-1')).to.equal(false);
  });

  it('does not grow without bound: entries past their expiry are swept by later writes', async () => {
    for (let i = 0; i < 50; i++) await denyList.add(`old-${i}`, seconds() + 1);
    expect(denyList.size).to.equal(50);
    now += 2_000;
    await denyList.add('fresh', seconds() + 60);
    expect(denyList.size).to.equal(1);
    expect(await denyList.has('fresh')).to.equal(true);
  });
});
