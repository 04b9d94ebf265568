import { expect } from 'chai';
import sinon from 'sinon';
import { AuthUserProvider } from '../../../sample/auth/auth-user-provider';
import type { UserRecord } from '../../../sample/users/user';
import { UsersRepository } from '../../../sample/users/users-repository';

const ADA: UserRecord = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  passwordHash: '$2b$04$hash',
  role: 'developer',
  permissions: ['tasks.read'],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('AuthUserProvider', () => {
  let users: sinon.SinonStubbedInstance<UsersRepository>;
  let provider: AuthUserProvider;
  beforeEach(async () => {
    users = sinon.createStubInstance(UsersRepository);
    provider = new AuthUserProvider(users);
  });

  describe('findByCredentials', () => {
    it('gives the identity and the hash for the login to verify, nothing else', async () => {
      users.findByUsername.withArgs('ada').resolves(ADA);
      expect(await provider.findByCredentials('ada')).to.deep.equal({
        id: 7,
        username: 'ada',
        email: 'ada@example.com',
        role: 'developer',
        permissions: ['tasks.read'],
        passwordHash: '$2b$04$hash',
      });
    });

    it('when the user is unknown, gives null', async () => {
      expect(await provider.findByCredentials('nobody')).to.equal(null);
    });
  });

  describe('findById', () => {
    it("reads the token's subject, as a number or a string, without the hash", async () => {
      users.findById.withArgs(7).resolves(ADA);
      expect(await provider.findById(7)).to.not.have.property('passwordHash');
      expect(await provider.findById('7')).to.include({ id: 7, username: 'ada' });
    });

    it('when the id is not a number or the user is gone, gives null', async () => {
      expect(await provider.findById('abc')).to.equal(null);
      expect(users.findById.called).to.equal(false);
      expect(await provider.findById(8)).to.equal(null);
    });
  });
});
