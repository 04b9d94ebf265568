import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import {
  AUTH_SETTINGS,
  Auth,
  AuthService,
  type AuthSettings,
  InMemoryTokenDenyList,
  InMemoryTokenStore,
  type TokenClaims,
  TokenDenyList,
  TokenStore,
  USER_PROVIDER,
  type UserProvider,
  type UserRecord,
} from '../../../modules/auth';
import { PUBLISHED_SECRETS } from '../../../modules/auth/published-secrets';
import { Controller, Get, Injectable } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import {
  ADA,
  authApp,
  bearer,
  FAST_ROUNDS,
  MeController,
  PASSWORD,
  SECRET,
  stubUsers,
} from './auth-fixtures';

const jwtOptions = { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 };

describe('auth: module options', () => {
  const provider = { findByCredentials: async () => null, findById: async () => null };
  const install = (options: object) => () =>
    createApp().install('auth', { userProvider: provider, ...options } as never);
  // The message of the TRELLIS_ERR_INVALID_OPTION installing with `options` throws.
  const refusal = (options: object) =>
    expectThrowsCode(install(options), 'TRELLIS_ERR_INVALID_OPTION').message;
  let nodeEnv: string | undefined;
  beforeEach(() => {
    nodeEnv = process.env.NODE_ENV;
  });
  afterEach(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });

  // 32 characters, 32 of them distinct.
  const RANDOM_LOOKING = 'q7Vf2LmXz9KpR4tWb1NcY8sHd3JgE6uA';

  for (const env of ['production', 'development', 'test']) {
    it(`with NODE_ENV=${env}, refuses a secret shorter than 32 characters, saying so`, () => {
      process.env.NODE_ENV = env;
      expect(refusal({ jwt: { ...jwtOptions, secret: RANDOM_LOOKING.slice(0, 31) } })).to.equal(
        'auth.jwt.secret: must be at least 32 characters (got 31)',
      );
      expect(refusal({ jwt: { ...jwtOptions, secret: 'short' } })).to.match(/at least 32 characters/);
      expect(refusal({ jwt: { ...jwtOptions, secret: '' } })).to.equal('auth.jwt.secret: is required');
      expect(install({ jwt: { ...jwtOptions, secret: RANDOM_LOOKING } })).not.to.throw();
    });
  }

  it('with NODE_ENV=production, refuses a secret printed in the docs, naming the rule', () => {
    process.env.NODE_ENV = 'production';
    for (const secret of PUBLISHED_SECRETS)
      expect(refusal({ jwt: { ...jwtOptions, secret } })).to.match(
        /^auth\.jwt\.secret: must not be a secret printed in the Trellis docs/,
      );
  });

  it('with NODE_ENV=production, refuses a secret of fewer than 16 distinct characters, naming the rule', () => {
    process.env.NODE_ENV = 'production';
    expect(refusal({ jwt: { ...jwtOptions, secret: 'x'.repeat(32) } })).to.equal(
      'auth.jwt.secret: must have at least 16 distinct characters in production (got 1): use a random one',
    );
    expect(refusal({ jwt: { ...jwtOptions, secret: 'password'.repeat(5) } })).to.match(/\(got 7\)/);
    expect(install({ jwt: { ...jwtOptions, secret: RANDOM_LOOKING.slice(0, 16).repeat(2) } })).not.to.throw();
  });

  it('outside production, a long secret of few distinct characters is accepted', () => {
    process.env.NODE_ENV = 'development';
    expect(install({ jwt: { ...jwtOptions, secret: 'x'.repeat(32) } })).not.to.throw();
  });

  it('knows every secret the README and docs print in an auth configuration', () => {
    const root = join(__dirname, '../../../..');
    const pages = ['README.md', ...readdirSync(join(root, 'docs')).map((name) => join('docs', name))];
    const printed = pages
      .filter((page) => page.endsWith('.md'))
      .flatMap((page) => [...readFileSync(join(root, page), 'utf8').matchAll(/secret: '([^']+)'/g)])
      .map((match) => match[1]);
    expect(printed.length).to.be.greaterThan(0);
    for (const secret of printed) expect(PUBLISHED_SECRETS.has(secret), secret).to.equal(true);
  });

  it('when hashQueueLimit is not a whole number from 0, it refuses to install', () => {
    for (const hashQueueLimit of [-1, 2.5, Number.NaN])
      expect(refusal({ jwt: jwtOptions, hashQueueLimit })).to.match(/^auth\.hashQueueLimit: /);
    expect(install({ jwt: jwtOptions, hashQueueLimit: 0 })).not.to.throw();
  });

  it('when loginsPerUsername is not a whole number from 1, it refuses to install', () => {
    for (const loginsPerUsername of [0, -1, 1.5, Number.NaN])
      expect(refusal({ jwt: jwtOptions, loginsPerUsername })).to.match(/^auth\.loginsPerUsername: /);
    expect(install({ jwt: jwtOptions, loginsPerUsername: 1 })).not.to.throw();
  });

  it('when loginFailureSpacingMs is not a whole number of milliseconds from 0, it refuses to install', () => {
    for (const loginFailureSpacingMs of [-1, 1.5, Number.NaN, '1000', Number.POSITIVE_INFINITY])
      expect(refusal({ jwt: jwtOptions, loginFailureSpacingMs })).to.match(
        /^auth\.loginFailureSpacingMs: must be a whole number of milliseconds from 0 \(got /,
      );
    expect(install({ jwt: jwtOptions, loginFailureSpacingMs: 0 })).not.to.throw();
    expect(install({ jwt: jwtOptions, loginFailureSpacingMs: 1000 })).not.to.throw();
  });

  it('when loginFailureBurst is not a whole number from 1, it refuses to install', () => {
    for (const loginFailureBurst of [0, -1, 1.5, Number.NaN, '10'])
      expect(refusal({ jwt: jwtOptions, loginFailureBurst })).to.match(/^auth\.loginFailureBurst: /);
    expect(install({ jwt: jwtOptions, loginFailureBurst: 1 })).not.to.throw();
  });

  it('when deviceCookie is neither false nor { name, maxAgeSeconds, maxFailures } of the right kinds, it refuses to install', () => {
    for (const deviceCookie of [
      true,
      'on',
      { name: 'a b' },
      { name: 'a;b' },
      { maxAgeSeconds: 0 },
      { maxFailures: 0 },
      { path: '/' },
    ])
      expect(refusal({ jwt: jwtOptions, deviceCookie }), JSON.stringify(deviceCookie)).to.match(
        /^auth\.deviceCookie/,
      );
    expect(install({ jwt: jwtOptions, deviceCookie: false })).not.to.throw();
    expect(
      install({ jwt: jwtOptions, deviceCookie: { name: '__device', maxAgeSeconds: 60, maxFailures: 3 } }),
    ).not.to.throw();
  });

  it('when a lifetime is not a positive whole number of seconds, it refuses to install', () => {
    expect(refusal({ jwt: { ...jwtOptions, accessTokenTTL: 0 } })).to.match(/^auth\.jwt\.accessTokenTTL: /);
    expect(refusal({ jwt: { ...jwtOptions, refreshTokenTTL: 1.5 } })).to.match(
      /^auth\.jwt\.refreshTokenTTL: /,
    );
  });

  it('when the algorithm is not an HMAC one, or the bcrypt cost is out of range, it refuses to install', () => {
    expect(refusal({ jwt: { ...jwtOptions, algorithm: 'none' } })).to.match(/^auth\.jwt\.algorithm: /);
    expect(refusal({ jwt: { ...jwtOptions, algorithm: 'RS256' } })).to.match(/^auth\.jwt\.algorithm: /);
    expect(refusal({ jwt: jwtOptions, bcryptRounds: 3 })).to.match(/^auth\.bcryptRounds: /);
  });

  it('when the user provider lacks its lookups, it refuses to install', () => {
    expect(refusal({ jwt: jwtOptions, userProvider: undefined })).to.match(/^auth\.userProvider: /);
    const lookups = { jwt: jwtOptions, userProvider: { findById: async () => null } };
    expect(refusal(lookups)).to.match(/^auth\.userProvider: /);
  });

  it('when jwt is missing, or the secret or a lifetime has the wrong type, it refuses to install naming the path', () => {
    const cases: [object, RegExp][] = [
      [{}, /^auth\.jwt: is required/],
      [{ jwt: { ...jwtOptions, secret: 42 } }, /^auth\.jwt\.secret: expected a string/],
      [{ jwt: { ...jwtOptions, secret: undefined } }, /^auth\.jwt\.secret: is required/],
      [{ jwt: { ...jwtOptions, accessTokenTTL: '60' } }, /^auth\.jwt\.accessTokenTTL: .*"60"/],
      [{ jwt: jwtOptions, bcryptRounds: 32 }, /^auth\.bcryptRounds: /],
    ];
    for (const [options, message] of cases) expect(refusal(options)).to.match(message);
  });

  it('when a store or deny-list lacks the methods the module calls, it refuses to install', () => {
    const store = new InMemoryTokenStore();
    expect(refusal({ jwt: jwtOptions, store: { isActive: () => true } })).to.match(/^auth\.store: /);
    expect(refusal({ jwt: jwtOptions, store, denyList: {} })).to.match(/^auth\.denyList: /);
    expect(install({ jwt: jwtOptions, store, denyList: new InMemoryTokenDenyList() })).not.to.throw();
  });

  it('accepts every documented form: a provider class, an algorithm, a queue limit of 0, keys it does not know', () => {
    class Users {
      async findByCredentials() {
        return null;
      }
      async findById() {
        return null;
      }
    }
    const options = {
      jwt: { ...jwtOptions, algorithm: 'HS384' },
      userProvider: Users,
      bcryptRounds: 31,
      hashQueueLimit: 0,
      messages: {},
      extra: true,
    };
    expect(install(options)).not.to.throw();
  });

  it('binds the services, the stores and the settings in the container', async () => {
    const app = createApp().install('auth', {
      jwt: jwtOptions,
      userProvider: provider,
      bcryptRounds: FAST_ROUNDS,
    });
    await app.ready();
    expect(app.container.get(AuthService)).to.be.instanceOf(AuthService);
    expect(app.container.get(TokenStore)).to.be.instanceOf(InMemoryTokenStore);
    expect(app.container.get(TokenDenyList)).to.be.instanceOf(InMemoryTokenDenyList);
    expect(app.container.get(USER_PROVIDER)).to.equal(provider);
    expect(app.container.get<AuthSettings>(AUTH_SETTINGS)).to.include({
      algorithm: 'HS256',
      bcryptRounds: 4,
    });
    await app.close();
  });
});

describe('auth: module wiring', () => {
  forEachEngine((engine) => {
    let served: Served | undefined;
    afterEach(async () => {
      await served?.close();
      served = undefined;
    });

    it('when an algorithm is configured, it signs with it and refuses the default one', async () => {
      const users = await stubUsers();
      served = await serve(authApp(engine, users, { jwt: { ...jwtOptions, algorithm: 'HS512' } }));
      const { body } = await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: PASSWORD });
      expect(jwt.decode(body.accessToken, { complete: true })!.header.alg).to.equal('HS512');
      await request(served.url).get('/me').set('authorization', bearer(body.accessToken)).expect(200);
      const claims = jwt.decode(body.accessToken) as TokenClaims;
      const hs256 = jwt.sign(claims, SECRET, { algorithm: 'HS256' });
      await request(served.url).get('/me').set('authorization', bearer(hs256)).expect(401);
    });

    it('when the user provider is a class, it is resolved from the container with its dependencies', async () => {
      const { records } = await stubUsers();
      @Injectable()
      class UserTable {
        readonly rows = records;
      }
      @Injectable()
      class UsersRepository implements UserProvider {
        constructor(private readonly table: UserTable) {}
        async findByCredentials(username: string): Promise<UserRecord | null> {
          return [...this.table.rows.values()].find((row) => row.username === username) ?? null;
        }
        async findById(id: string | number): Promise<UserRecord | null> {
          return this.table.rows.get(id) ?? null;
        }
      }
      const app = createApp({ engine, controllers: [MeController] }).install('auth', {
        jwt: jwtOptions,
        userProvider: UsersRepository,
        bcryptRounds: FAST_ROUNDS,
      });
      served = await serve(app);
      const { accessToken, user } = await app.container.get(AuthService).login('ada', PASSWORD);
      expect(user).to.deep.equal(ADA);
      await request(served.url).get('/me').set('authorization', bearer(accessToken)).expect(200, ADA);
    });

    it('when the stores are overridden, the services and the guard use the replacements', async () => {
      const users = await stubUsers();
      const store = new InMemoryTokenStore();
      const denyList = new InMemoryTokenDenyList();
      const app = authApp(engine, users).override(TokenStore, store).override(TokenDenyList, denyList);
      served = await serve(app);
      const { accessToken } = await app.container.get(AuthService).login('ada', PASSWORD);
      expect(store.size).to.equal(1);
      await request(served.url).post('/auth/logout').set('authorization', bearer(accessToken)).expect(204);
      expect(denyList.size).to.equal(1);
      await request(served.url).get('/me').set('authorization', bearer(accessToken)).expect(401);
    });

    it('when a route uses Auth() and the module is missing, ready() names the route', async () => {
      @Controller('/open')
      class OpenController {
        @Get()
        @Auth()
        secret() {
          return {};
        }
      }
      const app = createApp({ engine, controllers: [OpenController] });
      const error = await app.ready().catch((err: Error) => err);
      expect(error).to.be.instanceOf(Error);
      expect((error as Error).message)
        .to.include('OpenController.secret')
        .and.include("'auth'");
      await app.close();
    });
  });
});
