import { expect } from 'chai';
import type { SampleDatabase } from '../../../sample/database/schema';
import { TasksRepository } from '../../../sample/tasks/tasks-repository';
import type { NewUser } from '../../../sample/users/user';
import { UsernameTakenError } from '../../../sample/users/username-taken-error';
import { UsersRepository } from '../../../sample/users/users-repository';
import { keysetPage, keysetQuery } from '../../../src/pagination';
import { forEachDatabase } from '../../support/databases';
import { openSampleDatabase } from '../support/sample-database';
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
  forEachDatabase((database) => {
    let db: SampleDatabase;
    let close: () => Promise<void>;
    let users: UsersRepository;
    beforeEach(async () => {
      ({ db, close } = await openSampleDatabase(database));
      users = new UsersRepository(db);
    });
    afterEach(() => close());

    describe('create', () => {
      it('stores the user and reads it back with its permissions and an ISO creation time', async () => {
        const created = await users.create(user('ada'));
        expect(created).to.deep.include({
          username: 'ada',
          passwordHash: 'hash-of-ada',
          permissions: ['tasks.read'],
        });
        expect(new Date(created.createdAt).toISOString()).to.equal(created.createdAt);
        expect(await users.findById(created.id)).to.deep.equal(created);
        expect(await users.findByUsername('ADA')).to.deep.equal(created);
      });

      it('when the username is taken (any case), throws UsernameTakenError', async () => {
        await users.create(user('ada'));
        const failure = await users.create(user('Ada')).then(
          () => undefined,
          (err: unknown) => err,
        );
        expect(failure).to.be.instanceOf(UsernameTakenError);
      });
    });

    describe('update and delete', () => {
      it('changes only the given fields', async () => {
        const { id } = await users.create(user('ada'));
        const updated = await users.update(id, { email: 'new@example.com', permissions: [] });
        expect(updated).to.deep.include({ email: 'new@example.com', role: 'viewer', permissions: [] });
        expect(await users.update(id, {})).to.deep.equal(updated);
      });

      it('when the user does not exist, answers undefined or false', async () => {
        expect(await users.update(999, { email: 'x@y.z' })).to.equal(undefined);
        expect(await users.delete(999)).to.equal(false);
      });

      it('when a user is deleted, their tasks stay with no assignee or creator', async () => {
        const { id } = await users.create(user('ada'));
        const tasks = new TasksRepository(db);
        await tasks.create({
          id: 't1',
          title: 'x',
          description: null,
          status: 'todo',
          assigneeId: id,
          createdById: id,
          createdAt: new Date().toISOString(),
        });
        expect(await users.delete(id)).to.equal(true);
        expect(await tasks.findById('t1')).to.deep.include({ assignee: null, createdBy: null });
      });
    });

    describe('counting and listing', () => {
      beforeEach(async () => {
        for (const name of ['a1', 'a2', 'a3', 'a4', 'a5'])
          await users.create(user(name, name === 'a1' ? 'admin' : 'viewer'));
      });

      it('counts all users and users by role', async () => {
        expect(await users.count()).to.equal(5);
        expect(await users.countByRole()).to.deep.equal({ admin: 1, viewer: 4 });
      });

      it('reads the users of several ids in one query, leaving unknown ids out', async () => {
        const found = await users.findByIds([4, 999, 2, 2]);
        expect(found.map((u) => u.username).sort()).to.deep.equal(['a2', 'a4']);
        expect(found.find((u) => u.id === 4)).to.deep.equal(await users.findById(4));
        expect(await users.findByIds([])).to.deep.equal([]);
      });

      it('reads offset pages by id', async () => {
        expect((await users.page(2, 2)).map((u) => u.username)).to.deep.equal(['a3', 'a4']);
      });

      it('walks keyset pages by id forward and back', async () => {
        const firstPlan = keysetQuery({ limit: 2, direction: 'next' }, users.order);
        const first = keysetPage(await users.seek(firstPlan), firstPlan);
        expect(first.data.map((u) => u.username)).to.deep.equal(['a1', 'a2']);
        const nextPlan = keysetQuery(
          { limit: 2, direction: 'next', cursor: first.meta.nextCursor! },
          users.order,
        );
        const second = keysetPage(await users.seek(nextPlan), nextPlan);
        expect(second.data.map((u) => u.username)).to.deep.equal(['a3', 'a4']);
        const backPlan = keysetQuery(
          { limit: 2, direction: 'prev', cursor: second.meta.prevCursor! },
          users.order,
        );
        expect(keysetPage(await users.seek(backPlan), backPlan).data.map((u) => u.username)).to.deep.equal([
          'a1',
          'a2',
        ]);
      });
    });
  });
});
