import bcrypt from 'bcrypt';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import sinon from 'sinon';
import { z } from 'zod';
import type { AuthenticatedUser } from '../../../modules/auth';
import { Auth, AuthService, type UserRecord } from '../../../modules/auth';
import { Arg, CurrentUser, createApp, Mutation, Query, Resolver } from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from './graphql-client';

const SECRET = 'graphql-spec-secret-0123456789-abcdef';
const PASSWORD = 'Spec-pass-123!';

const Tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
const Me = z.object({
  id: z.number(),
  username: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
});

@Resolver()
class SessionResolver {
  constructor(private readonly auth: AuthService) {}

  @Mutation(Tokens)
  login(@Arg('username', z.string()) username: string, @Arg('password', z.string()) password: string) {
    return this.auth.login(username, password);
  }

  @Auth()
  @Mutation(z.boolean())
  async logout(@CurrentUser() user: AuthenticatedUser) {
    await this.auth.logout(user);
    return true;
  }

  @Auth()
  @Query(Me)
  me(@CurrentUser() user: AuthenticatedUser) {
    return user;
  }
}

const LOGIN = 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';

describe('GraphQL with the auth module', () => {
  forEachEngine((engine) => {
    let served: Served;
    const ada: UserRecord = {
      id: 1,
      username: 'ada',
      email: 'ada@example.com',
      role: 'developer',
      permissions: ['tasks.read'],
    };
    before(async () => {
      const record = { ...ada, passwordHash: await bcrypt.hash(PASSWORD, 4) };
      const users = {
        findByCredentials: sinon.stub().callsFake(async (name: string) => (name === 'ada' ? record : null)),
        findById: sinon.stub().callsFake(async (id: number) => (id === 1 ? record : null)),
      };
      const app = createApp({ engine, resolvers: [SessionResolver] }).install('auth', {
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
        userProvider: users,
        bcryptRounds: 4,
        // No spacing after a failure: one spec fails ada's login and the next logs her in at once.
        loginFailureSpacingMs: 0,
      });
      served = await serve(app);
    });
    after(() => served.close());

    const login = async () => {
      const res = await postGraphql(served.url, LOGIN, { variables: { u: 'ada', p: PASSWORD } });
      return res.body.data!.login.accessToken as string;
    };
    const me = (token: string) =>
      postGraphql(served.url, '{ me { id username role permissions } }', {
        headers: { authorization: `Bearer ${token}` },
      });

    it('when logged in through a mutation, the access token authenticates CurrentUser() in a query', async () => {
      const res = await me(await login());
      expect(res.body).to.deep.equal({
        data: { me: { id: 1, username: 'ada', role: 'developer', permissions: ['tasks.read'] } },
      });
    });

    it('when the credentials are wrong, login answers UNAUTHENTICATED with the module’s message', async () => {
      const res = await postGraphql(served.url, LOGIN, { variables: { u: 'ada', p: 'Wrong-pass-1!' } });
      expect(res.body.errors![0].message).to.equal('Credenciales inválidas');
      expect(res.body.errors![0].extensions.code).to.equal('UNAUTHENTICATED');
    });

    it('when the token is signed with another secret, it answers UNAUTHENTICATED', async () => {
      const forged = jwt.sign({ sub: '1', username: 'ada', role: 'admin', type: 'access' }, 'x'.repeat(40));
      const res = await me(forged);
      expect(res.body.data).to.equal(null);
      expect(res.body.errors![0].extensions.code).to.equal('UNAUTHENTICATED');
    });

    it('when the caller logged out, the same access token is refused', async () => {
      const token = await login();
      const out = await postGraphql(served.url, 'mutation { logout }', {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.body).to.deep.equal({ data: { logout: true } });
      expect((await me(token)).body.errors![0].extensions.code).to.equal('UNAUTHENTICATED');
    });
  });
});
