import bcrypt from 'bcrypt';
import { expect } from 'chai';
import sinon from 'sinon';
import { REFERENCE_PERMISSIONS } from '../../../modules/reference';
import { ConfigError, DEFAULT_DEMO_PASSWORD } from '../../../sample/config';
import { DEMO_USERNAMES, DemoSeeder } from '../../../sample/database/demo-seeder';
import { UsernameTakenError } from '../../../sample/users/username-taken-error';
import { UsersRepository } from '../../../sample/users/users-repository';
import { openSampleDatabase } from '../support/sample-database';
import { DEMO_PASSWORD, specConfig } from '../support/sample-env';

describe('DemoSeeder', () => {
  const config = specConfig();

  describe('on an empty database', () => {
    let close: () => Promise<void>;
    let users: UsersRepository;
    beforeEach(async () => {
      const opened = await openSampleDatabase({ name: 'sqlite', url: async () => ':memory:' });
      close = opened.close;
      users = new UsersRepository(opened.db);
    });
    afterEach(() => close());

    it('creates one user per reference role, with the demo password, in a stable order', async () => {
      expect(await new DemoSeeder(users, config).seed()).to.deep.equal([...DEMO_USERNAMES]);
      for (const [index, name] of DEMO_USERNAMES.entries()) {
        const user = (await users.findByUsername(name))!;
        expect(user).to.deep.include({ id: index + 1, role: name, email: `${name}@example.com` });
        expect(await bcrypt.compare(DEMO_PASSWORD, user.passwordHash)).to.equal(true);
        expect(bcrypt.getRounds(user.passwordHash)).to.equal(4);
      }
    });

    it('gives each role the permissions the sample documents', async () => {
      await new DemoSeeder(users, config).seed();
      const permissionsOf = async (name: string) => (await users.findByUsername(name))!.permissions;
      expect(await permissionsOf('admin')).to.have.members([...REFERENCE_PERMISSIONS]);
      expect(await permissionsOf('manager')).to.have.members([
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
      expect(await permissionsOf('team_lead')).to.have.members([
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
      expect(await permissionsOf('developer')).to.have.members([
        'tasks.create',
        'tasks.read',
        'tasks.update',
        'tasks.complete',
      ]);
      expect(await permissionsOf('viewer')).to.deep.equal(['tasks.read']);
    });

    it('on a later start, creates nothing and leaves existing users alone', async () => {
      await new DemoSeeder(users, config).seed();
      await users.update(1, { email: 'changed@example.com' });
      expect(await new DemoSeeder(users, config).seed()).to.deep.equal([]);
      expect(await users.count()).to.equal(DEMO_USERNAMES.length);
      expect((await users.findById(1))!.email).to.equal('changed@example.com');
    });
  });

  describe('when another instance seeds the same user first', () => {
    it('skips it instead of failing', async () => {
      const users = sinon.createStubInstance(UsersRepository);
      users.findByUsername.resolves(undefined);
      users.create.callsFake(async (user) => {
        if (user.username === 'admin') throw new UsernameTakenError('admin');
        return { ...user, id: 1, createdAt: '' };
      });
      const created = await new DemoSeeder(users, config).seed();
      expect(created).to.deep.equal(DEMO_USERNAMES.filter((name) => name !== 'admin'));
    });

    it('still fails on any other database error', async () => {
      const users = sinon.createStubInstance(UsersRepository);
      users.findByUsername.resolves(undefined);
      users.create.rejects(new Error('disk full'));
      await new DemoSeeder(users, config).seed().then(
        () => expect.fail('seed should fail'),
        (err: Error) => expect(err.message).to.equal('disk full'),
      );
    });
  });

  describe('with NODE_ENV=production', () => {
    let close: () => Promise<void>;
    let users: UsersRepository;
    beforeEach(async () => {
      const opened = await openSampleDatabase({ name: 'sqlite', url: async () => ':memory:' });
      close = opened.close;
      users = new UsersRepository(opened.db);
    });
    afterEach(() => close());

    const production = (demoPassword?: string) =>
      specConfig({ NODE_ENV: 'production', ...(demoPassword ? { DEMO_PASSWORD: demoPassword } : {}) });

    it('creates no demo user while DEMO_PASSWORD is the published default', async () => {
      const config = { ...production(), demoPassword: DEFAULT_DEMO_PASSWORD };
      expect(await new DemoSeeder(users, config).seed()).to.deep.equal([]);
      expect(await users.findByUsername('admin')).to.equal(undefined);
    });

    it('creates the demo users with a DEMO_PASSWORD of its own', async () => {
      expect(await new DemoSeeder(users, production('Own-pass-456!')).seed()).to.deep.equal([
        ...DEMO_USERNAMES,
      ]);
      expect(
        await bcrypt.compare('Own-pass-456!', (await users.findByUsername('admin'))!.passwordHash),
      ).to.equal(true);
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
