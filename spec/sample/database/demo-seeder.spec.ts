import bcrypt from 'bcrypt';
import { expect } from 'chai';
import sinon from 'sinon';
import { REFERENCE_PERMISSIONS } from '../../../modules/reference';
import { ConfigError, DEFAULT_DEMO_PASSWORD } from '../../../sample/config';
import { openDatabase, type SampleDatabase } from '../../../sample/database/connection';
import { DEMO_USERNAMES, DemoSeeder } from '../../../sample/database/demo-seeder';
import { UsernameTakenError } from '../../../sample/users/username-taken-error';
import { UsersRepository } from '../../../sample/users/users-repository';
import { DEMO_PASSWORD, specConfig } from '../support/sample-env';

describe('DemoSeeder', () => {
  const config = specConfig();

  describe('on an empty database', () => {
    let db: SampleDatabase;
    let users: UsersRepository;
    beforeEach(() => {
      db = openDatabase(':memory:');
      users = new UsersRepository(db);
    });
    afterEach(() => db.close());

    it('creates one user per reference role, with the demo password, in a stable order', async () => {
      expect(await new DemoSeeder(users, config).seed()).to.deep.equal([...DEMO_USERNAMES]);
      for (const [index, name] of DEMO_USERNAMES.entries()) {
        const user = users.findByUsername(name)!;
        expect(user).to.deep.include({ id: index + 1, role: name, email: `${name}@example.com` });
        expect(await bcrypt.compare(DEMO_PASSWORD, user.passwordHash)).to.equal(true);
        expect(bcrypt.getRounds(user.passwordHash)).to.equal(4);
      }
    });

    it('gives each role the permissions the sample documents', async () => {
      await new DemoSeeder(users, config).seed();
      const permissionsOf = (name: string) => users.findByUsername(name)!.permissions;
      expect(permissionsOf('admin')).to.have.members([...REFERENCE_PERMISSIONS]);
      expect(permissionsOf('manager')).to.have.members([
        'users.create',
        'users.read',
        'users.update',
        'users.delete',
        'users.list',
        'tasks.create',
        'tasks.read',
        'tasks.update',
        'tasks.delete',
        'tasks.complete',
        'tasks.assign',
        'teams.create',
        'teams.read',
        'teams.update',
        'teams.delete',
        'teams.add_member',
        'teams.remove_member',
      ]);
      expect(permissionsOf('team_lead')).to.have.members([
        'tasks.create',
        'tasks.read',
        'tasks.update',
        'tasks.delete',
        'tasks.complete',
        'tasks.assign',
        'teams.read',
        'teams.add_member',
        'teams.remove_member',
      ]);
      expect(permissionsOf('developer')).to.have.members([
        'tasks.create',
        'tasks.read',
        'tasks.update',
        'tasks.complete',
      ]);
      expect(permissionsOf('viewer')).to.deep.equal(['tasks.read']);
    });

    it('on a later start, creates nothing and leaves existing users alone', async () => {
      await new DemoSeeder(users, config).seed();
      users.update(1, { email: 'changed@example.com' });
      expect(await new DemoSeeder(users, config).seed()).to.deep.equal([]);
      expect(users.count()).to.equal(DEMO_USERNAMES.length);
      expect(users.findById(1)!.email).to.equal('changed@example.com');
    });
  });

  describe('when another instance seeds the same user first', () => {
    it('skips it instead of failing', async () => {
      const users = sinon.createStubInstance(UsersRepository);
      users.findByUsername.returns(undefined);
      users.create.callsFake((user) => {
        if (user.username === 'admin') throw new UsernameTakenError('admin');
        return { ...user, id: 1, createdAt: '' };
      });
      const created = await new DemoSeeder(users, config).seed();
      expect(created).to.deep.equal(DEMO_USERNAMES.filter((name) => name !== 'admin'));
    });

    it('still fails on any other database error', async () => {
      const users = sinon.createStubInstance(UsersRepository);
      users.findByUsername.returns(undefined);
      users.create.throws(new Error('disk full'));
      await new DemoSeeder(users, config).seed().then(
        () => expect.fail('seed should fail'),
        (err: Error) => expect(err.message).to.equal('disk full'),
      );
    });
  });

  describe('with NODE_ENV=production', () => {
    let db: SampleDatabase;
    let users: UsersRepository;
    beforeEach(() => {
      db = openDatabase(':memory:');
      users = new UsersRepository(db);
    });
    afterEach(() => db.close());

    const production = (demoPassword?: string) =>
      specConfig({ NODE_ENV: 'production', ...(demoPassword ? { DEMO_PASSWORD: demoPassword } : {}) });

    it('creates no demo user while DEMO_PASSWORD is the published default', async () => {
      const config = { ...production(), demoPassword: DEFAULT_DEMO_PASSWORD };
      expect(await new DemoSeeder(users, config).seed()).to.deep.equal([]);
      expect(users.findByUsername('admin')).to.equal(undefined);
    });

    it('creates the demo users with a DEMO_PASSWORD of its own', async () => {
      expect(await new DemoSeeder(users, production('Own-pass-456!')).seed()).to.deep.equal([
        ...DEMO_USERNAMES,
      ]);
      expect(await bcrypt.compare('Own-pass-456!', users.findByUsername('admin')!.passwordHash)).to.equal(
        true,
      );
    });

    it('refuses a database whose demo users still have the published password, saying how to fix it', async () => {
      // Seeded in development with the default password.
      await new DemoSeeder(users, { ...specConfig(), demoPassword: DEFAULT_DEMO_PASSWORD }).seed();
      const err = await new DemoSeeder(users, production('Own-pass-456!')).seed().then(
        () => expect.fail('expected the start to be refused'),
        (e: unknown) => e as Error,
      );
      expect(err).to.be.instanceOf(ConfigError);
      expect(err.message).to.match(/NODE_ENV=production/);
      expect(err.message).to.include('admin, manager, team_lead, developer, viewer');
      expect(err.message).to.match(/DELETE FROM users WHERE username IN \('admin'/);
      expect(err.message).to.match(/new database \(DATABASE_FILE\)/);
    });

    it('accepts demo users whose password is not the published one', async () => {
      await new DemoSeeder(users, specConfig({ DEMO_PASSWORD: 'Own-pass-456!' })).seed();
      expect(await new DemoSeeder(users, production('Own-pass-456!')).seed()).to.deep.equal([]);
    });
  });
});
