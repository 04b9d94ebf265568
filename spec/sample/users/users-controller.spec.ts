import { expect } from 'chai';
import sinon from 'sinon';
import { UsersController } from '../../../sample/users/users-controller';
import { UsersService } from '../../../sample/users/users-service';

const CALLER = { id: 1, username: 'admin', role: 'admin', permissions: [] };
const BOB = {
  id: 9,
  username: 'bob',
  email: 'bob@example.com',
  role: 'developer',
  permissions: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('UsersController', () => {
  let users: sinon.SinonStubbedInstance<UsersService>;
  let controller: UsersController;
  beforeEach(() => {
    users = sinon.createStubInstance(UsersService);
    controller = new UsersController(users);
  });

  it('lists with the validated query', () => {
    const page = {
      data: [],
      meta: { count: 0, hasNext: false, hasPrev: false, nextCursor: null, prevCursor: null },
    };
    users.list.returns(page);
    expect(controller.listUsers({ limit: 5 })).to.equal(page);
    expect(users.list.calledOnceWith({ limit: 5 })).to.equal(true);
  });

  it('answers one user', () => {
    users.get.withArgs(9).returns(BOB);
    expect(controller.getUser(9)).to.equal(BOB);
  });

  it('creates on behalf of the caller, says so and gives its Location', async () => {
    users.create.resolves(BOB);
    const input = { username: 'bob', email: 'bob@example.com', password: 'secret-1', role: 'developer' };
    const headers: Record<string, string> = {};
    expect(await controller.createUser(input, CALLER, headers)).to.deep.equal({
      message: 'Usuario creado exitosamente',
      user: BOB,
    });
    expect(users.create.calledOnceWith(input, CALLER)).to.equal(true);
    expect(headers).to.deep.equal({ Location: `/users/${BOB.id}` });
  });

  it('updates on behalf of the caller and says so', async () => {
    users.update.resolves(BOB);
    expect(await controller.updateUser(9, { email: 'bob@example.com' }, CALLER)).to.deep.equal({
      message: 'Usuario actualizado exitosamente',
      user: BOB,
    });
  });

  it('deletes on behalf of the caller and says so', async () => {
    users.remove.resolves();
    expect(await controller.removeUser(9, CALLER)).to.deep.equal({
      message: 'Usuario eliminado exitosamente',
    });
    expect(users.remove.calledOnceWith(9, CALLER)).to.equal(true);
  });
});
