import { expect } from 'chai';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../../modules/auth';
import { Auth } from '../../../modules/auth';
import { MinimumRole } from '../../../modules/rbac';
import { CurrentUser, createApp, Mutation, Query, Resolver } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';
import { specAuthModule } from './spec-auth-module';

const Me = z.object({ id: z.number(), username: z.string(), email: z.string().optional(), role: z.string() });

@Resolver()
class ProfileResolver {
  calls = 0;

  @Query(z.string())
  motd() {
    return 'open to all';
  }

  @Auth()
  @Query(Me)
  me(@CurrentUser() user: AuthenticatedUser) {
    this.calls++;
    return user;
  }

  @MinimumRole('admin')
  @Mutation(z.boolean())
  purge() {
    this.calls++;
    return true;
  }
}

@Auth()
@Resolver()
class TeamResolver {
  @Query(z.array(z.string()).nullable())
  team(@CurrentUser() user: AuthenticatedUser) {
    return [user.username, 'teammate'];
  }
}

describe('GraphQL guards and CurrentUser', () => {
  forEachEngine((engine) => {
    let served: Served;
    let profiles: ProfileResolver;
    before(async () => {
      const app = createApp({ engine, resolvers: [ProfileResolver, TeamResolver] }).install(
        specAuthModule,
        undefined,
      );
      served = await serve(app);
      profiles = app.container.get(ProfileResolver);
    });
    after(() => served.close());
    beforeEach(() => {
      profiles.calls = 0;
    });

    it('when a field has no guard, it answers without credentials', async () => {
      const res = await postGraphql(served.url, '{ motd }');
      expect(res.body).to.deep.equal({ data: { motd: 'open to all' } });
    });

    it('when an Auth() field is asked without credentials, it answers UNAUTHENTICATED and never runs the resolver', async () => {
      const res = await postGraphql(served.url, '{ me { username } }');
      expect(res.status).to.equal(200);
      expect(res.body.data).to.equal(null);
      expect(res.body.errors).to.have.length(1);
      expect(res.body.errors![0]).to.deep.include({ message: 'Missing test role', path: ['me'] });
      expect(res.body.errors![0].extensions).to.deep.equal({ code: 'UNAUTHENTICATED', statusCode: 401 });
      expect(profiles.calls).to.equal(0);
    });

    it('when authenticated, CurrentUser() gives the caller the guard authenticated', async () => {
      const res = await postGraphql(served.url, '{ me { id username email role } }', {
        headers: { 'x-test-role': 'developer' },
      });
      expect(res.body).to.deep.equal({
        data: {
          me: { id: 7, username: 'developer-user', email: 'developer@example.com', role: 'developer' },
        },
      });
    });

    it('when the role is too low, it answers FORBIDDEN and never runs the resolver', async () => {
      const res = await postGraphql(served.url, 'mutation { purge }', {
        headers: { 'x-test-role': 'developer' },
      });
      expect(res.body.errors![0].message).to.equal('Role too low');
      expect(res.body.errors![0].extensions).to.deep.equal({ code: 'FORBIDDEN', statusCode: 403 });
      expect(profiles.calls).to.equal(0);
    });

    it('when a guard needs authentication (MinimumRole needs Auth), the caller is authenticated first', async () => {
      const anonymous = await postGraphql(served.url, 'mutation { purge }');
      expect(anonymous.body.errors![0].extensions.code).to.equal('UNAUTHENTICATED');
      const admin = await postGraphql(served.url, 'mutation { purge }', {
        headers: { 'x-test-role': 'admin' },
      });
      expect(admin.body).to.deep.equal({ data: { purge: true } });
    });

    it('when the guard is on the resolver class, it applies to every field', async () => {
      const anonymous = await postGraphql(served.url, '{ team }');
      expect(anonymous.body.errors![0].extensions.code).to.equal('UNAUTHENTICATED');
      const viewer = await postGraphql(served.url, '{ team }', { headers: { 'x-test-role': 'viewer' } });
      expect(viewer.body).to.deep.equal({ data: { team: ['viewer-user', 'teammate'] } });
    });

    it('when one nullable field of an operation is refused, the other fields still answer', async () => {
      const res = await postGraphql(served.url, '{ motd team }');
      expect(res.body.data).to.deep.equal({ motd: 'open to all', team: null });
      expect(res.body.errors![0].path).to.deep.equal(['team']);
      expect(res.body.errors![0].extensions.code).to.equal('UNAUTHENTICATED');
    });
  });
});
