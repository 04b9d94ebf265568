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
  beforeEach(() => {
    users = sinon.createStubInstance(UsersRepository);
    provider = new AuthUserProvider(users);
  });

  describe('findByCredentials', () => {
    it('gives the identity and the hash for the login to verify, nothing else', () => {
      users.findByUsername.withArgs('ada').returns(ADA);
      expect(provider.findByCredentials('ada')).to.deep.equal({
        id: 7,
        username: 'ada',
        email: 'ada@example.com',
        role: 'developer',
        permissions: ['tasks.read'],
        passwordHash: '$2b$04$hash',
      });
    });

    it('when the user is unknown, gives null', () => {
      expect(provider.findByCredentials('nobody')).to.equal(null);
    });
  });

  describe('findById', () => {
    it("reads the token's subject, as a number or a string, without the hash", () => {
      users.findById.withArgs(7).returns(ADA);
      expect(provider.findById(7)).to.not.have.property('passwordHash');
      expect(provider.findById('7')).to.include({ id: 7, username: 'ada' });
    });

    it('when the id is not a number or the user is gone, gives null', () => {
      expect(provider.findById('abc')).to.equal(null);
      expect(users.findById.called).to.equal(false);
      expect(provider.findById(8)).to.equal(null);
    });
  });
});
