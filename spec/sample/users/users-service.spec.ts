import bcrypt from 'bcrypt';
import { expect } from 'chai';
import sinon from 'sinon';
import type { AuthenticatedUser } from '../../../modules/auth';
import { AuthService } from '../../../modules/auth';
import { RbacService } from '../../../modules/rbac';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../../../modules/reference';
import type { NewUser, UserRecord } from '../../../sample/users/user';
import type { UserSignup } from '../../../sample/users/user-signup';
import { UsernameTakenError } from '../../../sample/users/username-taken-error';
import { UsersRepository } from '../../../sample/users/users-repository';
import { UsersService } from '../../../sample/users/users-service';
import { useSpecCursorKey } from '../support/sample-env';

/** What `promise` rejects with; fails the spec when it resolves. */
const failureOf = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => expect.fail('expected a rejection'),
    (err: unknown) => err,
  );

const record = (id: number, username: string, role: string, permissions: string[] = []): UserRecord => ({
  id,
  username,
  email: `${username}@example.com`,
  passwordHash: `hash-${id}`,
  role,
  permissions,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const caller = (id: number, role: string, permissions: string[]): AuthenticatedUser => ({
  id,
  username: role,
  role,
  permissions,
});
const MANAGER = caller(2, 'manager', [
  'users.create',
  'users.update',
  'users.read',
  'users.delete',
  'tasks.read',
]);
const ADMIN = caller(1, 'admin', [...REFERENCE_PERMISSIONS]);

async function rejection(promise: Promise<unknown>): Promise<{ statusCode: number; message: string }> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (err) => err,
  );
}

describe('UsersService', () => {
  useSpecCursorKey();
  let users: sinon.SinonStubbedInstance<UsersRepository>;
  let auth: sinon.SinonStubbedInstance<AuthService>;
  let service: UsersService;
  beforeEach(async () => {
    users = sinon.createStubInstance(UsersRepository);
    users.create.callsFake(async (user) => ({ ...user, id: 10, createdAt: '2026-01-02T00:00:00.000Z' }));
    auth = sinon.createStubInstance(AuthService);
    auth.revokeAllSessions.resolves();
    auth.hashPassword.callsFake((password) => bcrypt.hash(password, 4));
    const rbac = new RbacService({ roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
    // The signup's transaction is the database module's: here it stores through the stub.
    const signup = { create: (user: NewUser) => users.create(user) } as unknown as UserSignup;
    service = new UsersService(users, rbac, auth, signup);
  });

  describe('get', () => {
    it('gives the user without the password hash', async () => {
      users.findById.withArgs(3).resolves(record(3, 'ada', 'viewer'));
      expect(await service.get(3)).to.deep.equal({
        id: 3,
        username: 'ada',
        email: 'ada@example.com',
        role: 'viewer',
        permissions: [],
        createdAt: '2026-01-01T00:00:00.000Z',
      });
    });

    it('when there is no such user, throws 404 Usuario no encontrado', async () => {
      expect(await failureOf(service.get(3))).to.include({
        message: 'Usuario no encontrado',
        statusCode: 404,
      });
    });
  });

  describe('register', () => {
    it('stores a viewer who may read tasks, with a bcrypt hash, and returns no hash', async () => {
      const user = await service.register({
        username: 'ada',
        email: 'ada@example.com',
        password: 'secret-1',
      });
      const stored = users.create.firstCall.args[0];
      expect(stored).to.deep.include({ username: 'ada', role: 'viewer', permissions: ['tasks.read'] });
      expect(stored.passwordHash)
        .to.match(/^\$2b\$04\$/)
        .and.not.include('secret-1');
      expect(user).to.not.have.property('passwordHash');
    });

    it('when the name is known already, throws 409 before hashing', async () => {
      users.findByUsername.withArgs('ada').resolves(record(3, 'ada', 'viewer'));
      const err = await rejection(
        service.register({ username: 'ada', email: 'a@b.co', password: 'secret-1' }),
      );
      expect(err).to.include({ statusCode: 409, message: 'El nombre de usuario ya existe' });
      expect(auth.hashPassword.called).to.equal(false);
      expect(users.create.called).to.equal(false);
    });

    it('when a concurrent registration wins the UNIQUE constraint, throws 409', async () => {
      users.create.throws(new UsernameTakenError('ada'));
      const err = await rejection(
        service.register({ username: 'ada', email: 'a@b.co', password: 'secret-1' }),
      );
      expect(err).to.include({ statusCode: 409, message: 'El nombre de usuario ya existe' });
    });

    it('lets any other database error through', async () => {
      users.create.throws(new Error('disk full'));
      const err = await rejection(
        service.register({ username: 'ada', email: 'a@b.co', password: 'secret-1' }),
      );
      expect(err.message).to.equal('disk full');
    });
  });

  describe('create', () => {
    const input = { username: 'bob', email: 'bob@example.com', password: 'secret-1' };

    it("gives the role's default permissions unless told otherwise", async () => {
      await service.create({ ...input, role: 'developer' }, MANAGER);
      expect(users.create.firstCall.args[0].permissions).to.have.members([
        'tasks.create',
        'tasks.read',
        'tasks.update',
        'tasks.complete',
      ]);
    });

    it('when the role is above the caller, throws 403', async () => {
      const err = await rejection(service.create({ ...input, role: 'admin' }, MANAGER));
      expect(err).to.include({
        statusCode: 403,
        message: 'No puede asignar un rol superior al suyo',
        code: 'ROLE_ABOVE_OWN',
      });
    });

    it('when granting a permission the caller lacks, throws 403', async () => {
      const err = await rejection(
        service.create({ ...input, role: 'viewer', permissions: ['admin.analytics'] }, MANAGER),
      );
      expect(err).to.include({
        statusCode: 403,
        message: 'No puede otorgar permisos que no tiene',
        code: 'PERMISSIONS_NOT_HELD',
      });
    });
  });

  describe('update', () => {
    beforeEach(async () => {
      users.findById.withArgs(5).resolves(record(5, 'dev', 'developer'));
      users.findById.withArgs(1).resolves(record(1, 'admin', 'admin'));
      users.update.callsFake(
        async (id, changes) => ({ ...record(id, 'dev', 'developer'), ...changes }) as UserRecord,
      );
    });

    it('changes the e-mail and keeps the sessions', async () => {
      const user = await service.update(5, { email: 'new@example.com' }, MANAGER);
      expect(user.email).to.equal('new@example.com');
      expect(auth.revokeAllSessions.called).to.equal(false);
    });

    it('without users.change_role, refuses a role change with 403', async () => {
      const err = await rejection(service.update(5, { role: 'team_lead' }, MANAGER));
      expect(err).to.include({
        statusCode: 403,
        message: 'Cambiar el rol requiere el permiso users.change_role',
        code: 'PERMISSION_MISSING',
      });
    });

    it("on a role change, resets permissions to the role's and ends the user's sessions", async () => {
      const user = await service.update(5, { role: 'viewer' }, ADMIN);
      expect(user.permissions).to.deep.equal(['tasks.read']);
      expect(auth.revokeAllSessions.calledOnceWith(5)).to.equal(true);
    });

    it('when the target ranks above the caller, throws 403', async () => {
      const err = await rejection(service.update(1, { email: 'x@example.com' }, MANAGER));
      expect(err).to.include({
        statusCode: 403,
        message: 'No puede modificar a un usuario con un rol superior al suyo',
        code: 'TARGET_ABOVE_OWN',
      });
    });

    it('when the user does not exist, throws 404', async () => {
      const err = await rejection(service.update(9, { email: 'x@example.com' }, ADMIN));
      expect(err.statusCode).to.equal(404);
    });
  });

  describe('remove', () => {
    it('deletes the user and ends their sessions', async () => {
      users.findById.withArgs(5).resolves(record(5, 'dev', 'developer'));
      users.delete.resolves(true);
      await service.remove(5, MANAGER);
      expect(users.delete.calledOnceWith(5)).to.equal(true);
      expect(auth.revokeAllSessions.calledOnceWith(5)).to.equal(true);
    });

    it('refuses to delete the caller (400) or a higher role (403)', async () => {
      users.findById.withArgs(1).resolves(record(1, 'admin', 'admin'));
      expect(await rejection(service.remove(2, MANAGER))).to.include({
        message: 'No puede eliminar su propia cuenta',
        code: 'CANNOT_DELETE_SELF',
      });
      expect((await rejection(service.remove(1, MANAGER))).statusCode).to.equal(403);
      expect(users.delete.called).to.equal(false);
    });
  });

  describe('list', () => {
    it('with page, gives an offset page of summaries', async () => {
      users.page.withArgs(10, 10).resolves([record(11, 'x', 'viewer')]);
      users.count.resolves(11);
      const page = await service.list({ page: 2 });
      const { passwordHash: _hidden, ...summary } = record(11, 'x', 'viewer');
      expect(page.data).to.deep.equal([summary]);
      expect(page.meta).to.include({ total: 11, page: 2, limit: 10, from: 11, to: 11 });
    });

    it('without page, gives a cursor page of summaries', async () => {
      Object.assign(users, { order: { keys: ['id'], order: 'asc' } });
      users.seek.resolves([record(1, 'a', 'viewer'), record(2, 'b', 'viewer'), record(3, 'c', 'viewer')]);
      const page = await service.list({ limit: 2 });
      expect(page.data.map((user) => user.username)).to.deep.equal(['a', 'b']);
      expect(page.data[0]).to.not.have.property('passwordHash');
      expect(page.meta).to.include({ count: 2, hasNext: true, hasPrev: false });
      expect(users.seek.firstCall.args[0]).to.include({ fetch: 3 });
    });
  });
});
