import { expect } from 'chai';
import { openDatabase, type SampleDatabase } from '../../../sample/database/connection';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import type { NewUser } from '../../../sample/users/user';
import { UsernameTakenError } from '../../../sample/users/username-taken-error';
import { UsersRepository } from '../../../sample/users/users-repository';
import { keysetPage, keysetQuery } from '../../../src/pagination';
import { useSpecCursorKey } from '../support/sample-env';

const user = (username: string, role = 'viewer'): NewUser => ({
  username,
  email: `${username}@example.com`,
  passwordHash: `hash-of-${username}`,
  role,
  permissions: ['tasks.read'],
});

describe('UsersRepository', () => {
  useSpecCursorKey();
  let db: SampleDatabase;
  let users: UsersRepository;
  beforeEach(() => {
    db = openDatabase(':memory:');
    users = new UsersRepository(db);
  });
  afterEach(() => db.close());

  describe('create', () => {
    it('stores the user and reads it back with its permissions and an ISO creation time', () => {
      const created = users.create(user('ada'));
      expect(created).to.deep.include({
        username: 'ada',
        passwordHash: 'hash-of-ada',
        permissions: ['tasks.read'],
      });
      expect(new Date(created.createdAt).toISOString()).to.equal(created.createdAt);
      expect(users.findById(created.id)).to.deep.equal(created);
      expect(users.findByUsername('ADA')).to.deep.equal(created);
    });

    it('when the username is taken (any case), throws UsernameTakenError', () => {
      users.create(user('ada'));
      expect(() => users.create(user('Ada'))).to.throw(UsernameTakenError);
    });
  });

  describe('update and delete', () => {
    it('changes only the given fields', () => {
      const { id } = users.create(user('ada'));
      const updated = users.update(id, { email: 'new@example.com', permissions: [] });
      expect(updated).to.deep.include({ email: 'new@example.com', role: 'viewer', permissions: [] });
      expect(users.update(id, {})).to.deep.equal(updated);
    });

    it('when the user does not exist, answers undefined or false', () => {
      expect(users.update(999, { email: 'x@y.z' })).to.equal(undefined);
      expect(users.delete(999)).to.equal(false);
    });

    it('when a user is deleted, their tasks stay with no assignee or creator', () => {
      const { id } = users.create(user('ada'));
      const tasks = new TasksRepository(db);
      tasks.create({
        id: 't1',
        title: 'x',
        description: null,
        status: 'todo',
        assigneeId: id,
        createdById: id,
        createdAt: new Date().toISOString(),
      });
      expect(users.delete(id)).to.equal(true);
      expect(tasks.findById('t1')).to.deep.include({ assignee: null, createdBy: null });
    });
  });

  describe('counting and listing', () => {
    beforeEach(() => {
      for (const name of ['a1', 'a2', 'a3', 'a4', 'a5'])
        users.create(user(name, name === 'a1' ? 'admin' : 'viewer'));
    });

    it('counts all users and users by role', () => {
      expect(users.count()).to.equal(5);
      expect(users.countByRole()).to.deep.equal({ admin: 1, viewer: 4 });
    });

    it('reads the users of several ids in one query, leaving unknown ids out', () => {
      const found = users.findByIds([4, 999, 2, 2]);
      expect(found.map((u) => u.username).sort()).to.deep.equal(['a2', 'a4']);
      expect(found.find((u) => u.id === 4)).to.deep.equal(users.findById(4));
      expect(users.findByIds([])).to.deep.equal([]);
    });

    it('reads offset pages by id', () => {
      expect(users.page(2, 2).map((u) => u.username)).to.deep.equal(['a3', 'a4']);
    });

    it('walks keyset pages by id forward and back', () => {
      const firstPlan = keysetQuery({ limit: 2, direction: 'next' }, users.order);
      const first = keysetPage(users.seek(firstPlan), firstPlan);
      expect(first.data.map((u) => u.username)).to.deep.equal(['a1', 'a2']);
      const nextPlan = keysetQuery(
        { limit: 2, direction: 'next', cursor: first.meta.nextCursor! },
        users.order,
      );
      const second = keysetPage(users.seek(nextPlan), nextPlan);
      expect(second.data.map((u) => u.username)).to.deep.equal(['a3', 'a4']);
      const backPlan = keysetQuery(
        { limit: 2, direction: 'prev', cursor: second.meta.prevCursor! },
        users.order,
      );
      expect(keysetPage(users.seek(backPlan), backPlan).data.map((u) => u.username)).to.deep.equal([
        'a1',
        'a2',
      ]);
    });
  });
});
