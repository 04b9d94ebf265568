import { expect } from 'chai';
import type { TokenClaims } from '../../../modules/auth/token-claims';
import { VerifiedTokenCache } from '../../../modules/auth/verified-token-cache';

const NOW = 1_800_000_000_000;

function claimsFor(jti: string, exp = NOW / 1000 + 60): TokenClaims {
  return {
    sub: 1,
    username: 'ada',
    role: 'manager',
    permissions: ['tasks.read'],
    type: 'access',
    sid: 'session',
    jti,
    iat: NOW / 1000,
    exp,
  };
}

describe('VerifiedTokenCache', () => {
  let now: number;
  const clock = () => now;

  beforeEach(() => {
    now = NOW;
  });

  it('when a token was verified, gives its claims back until it expires', () => {
    const cache = new VerifiedTokenCache(10, clock);
    cache.set('token-a', claimsFor('a'));
    expect(cache.get('token-a')).to.deep.equal(claimsFor('a'));
    expect(cache.get('token-b')).to.equal(undefined);
  });

  it('when the token expires, says so from its exp second on and forgets it', () => {
    const cache = new VerifiedTokenCache(10, clock);
    cache.set('token-a', claimsFor('a', NOW / 1000 + 1));
    now = NOW + 999;
    expect(cache.get('token-a')).to.have.property('jti', 'a');
    now = NOW + 1_000;
    expect(cache.get('token-a')).to.equal('expired');
    expect(cache.size).to.equal(0);
  });

  it('keeps a frozen copy: later changes to the original do not reach it, and it cannot be changed', () => {
    const cache = new VerifiedTokenCache(10, clock);
    const original = claimsFor('a');
    expect(cache.set('token-a', original)).to.deep.equal(claimsFor('a'));
    original.permissions.push('admin.settings');
    original.role = 'admin';
    const kept = cache.get('token-a') as TokenClaims;
    expect(kept).to.deep.equal(claimsFor('a'));
    expect(() => kept.permissions.push('users.delete')).to.throw(TypeError);
    expect(() => {
      kept.role = 'admin';
    }).to.throw(TypeError);
    expect(cache.get('token-a')).to.equal(kept);
  });

  it('keeps claims without a permissions list as they are', () => {
    const cache = new VerifiedTokenCache(10, clock);
    const { permissions: _permissions, ...rest } = claimsFor('a');
    cache.set('token-a', rest as TokenClaims);
    expect(cache.get('token-a')).to.deep.equal(rest);
  });

  it('when full, forgets the oldest token first', () => {
    const cache = new VerifiedTokenCache(2, clock);
    cache.set('token-a', claimsFor('a'));
    cache.set('token-b', claimsFor('b'));
    cache.set('token-c', claimsFor('c'));
    expect(cache.size).to.equal(2);
    expect(cache.get('token-a')).to.equal(undefined);
    expect(cache.get('token-c')).to.have.property('jti', 'c');
  });

  it('turning over many times, stays within its bound and keeps exactly the newest tokens', () => {
    const cache = new VerifiedTokenCache(3, clock);
    for (let i = 0; i < 100; i++) cache.set(`token-${i}`, claimsFor(String(i)));
    expect(cache.size).to.equal(3);
    for (let i = 0; i < 97; i++) expect(cache.get(`token-${i}`), `token-${i}`).to.equal(undefined);
    for (const i of [97, 98, 99]) expect(cache.get(`token-${i}`)).to.have.property('jti', String(i));
  });

  it('once an expired token has left it, still forgets the oldest live ones first', () => {
    let now = NOW;
    const cache = new VerifiedTokenCache(2, () => now);
    cache.set('short', claimsFor('short', NOW / 1000 + 1));
    cache.set('long', claimsFor('long'));
    now += 2_000;
    expect(cache.get('short')).to.equal('expired');
    cache.set('next', claimsFor('next'));
    expect(cache.size).to.equal(2);
    cache.set('last', claimsFor('last'));
    expect(cache.get('long')).to.equal(undefined);
    expect(cache.get('next')).to.have.property('jti', 'next');
    expect(cache.get('last')).to.have.property('jti', 'last');
  });

  it('with no capacity, remembers nothing but still hands back the frozen claims', () => {
    const cache = new VerifiedTokenCache(0, clock);
    const kept = cache.set('token-a', claimsFor('a'));
    expect(kept).to.have.property('jti', 'a');
    expect(Object.isFrozen(kept)).to.equal(true);
    expect(cache.size).to.equal(0);
    expect(cache.get('token-a')).to.equal(undefined);
  });
});
