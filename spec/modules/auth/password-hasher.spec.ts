import bcrypt from 'bcrypt';
import { expect } from 'chai';
import sinon from 'sinon';
import { PasswordHasher } from '../../../modules/auth/password-hasher';

describe('auth: PasswordHasher', () => {
  afterEach(() => sinon.restore());

  it('hashes with bcrypt at the configured cost and verifies what it hashed', async () => {
    const hasher = new PasswordHasher(4);
    const hash = await hasher.hash('Correct-horse-1');
    expect(bcrypt.getRounds(hash)).to.equal(4);
    expect(await hasher.verify('Correct-horse-1', hash)).to.equal(true);
    expect(await hasher.verify('Correct-horse-2', hash)).to.equal(false);
  });

  it('makes the dummy hash without hashing: a well-formed bcrypt hash of the configured cost', async () => {
    const hash = sinon.spy(bcrypt, 'hash');
    const hasher = new PasswordHasher(11);
    const dummy = await hasher.prepare();
    expect(hash.called).to.equal(false);
    expect(dummy).to.match(/^\$2b\$11\$[./A-Za-z0-9]{53}$/);
    expect(bcrypt.getRounds(dummy)).to.equal(11);
    expect(await hasher.prepare()).to.equal(dummy);
  });

  it('verifies against the dummy hash at its full cost, and it matches nothing', async () => {
    const compare = sinon.spy(bcrypt, 'compare');
    const hasher = new PasswordHasher(5);
    expect(await hasher.verifyNothing('')).to.equal(false);
    expect(await hasher.verifyNothing('Correct-horse-1')).to.equal(false);
    expect(compare.callCount).to.equal(2);
    expect(bcrypt.getRounds(compare.firstCall.args[1] as string)).to.equal(5);
    expect(compare.secondCall.args[1]).to.equal(compare.firstCall.args[1]);
  });

  it("uses the provider's own hashing for its dummy hash, whose format only the provider knows", async () => {
    const hashPassword = sinon.spy(async (password: string) => `custom:${password.length}`);
    const verifyPassword = sinon.spy(async (_password: string, _hash: string) => false);
    const hasher = new PasswordHasher(12, { hashPassword, verifyPassword });
    expect(await hasher.verifyNothing('Correct-horse-1')).to.equal(false);
    expect(hashPassword.calledOnce).to.equal(true);
    expect(verifyPassword.firstCall.args[1]).to.equal(await hashPassword.firstCall.returnValue);
  });
});
