import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'dotenv';
import { CONFIG_VARIABLES, ConfigError, DEFAULT_DEMO_PASSWORD, loadConfig } from '../../sample/config';

const SECRET = 'a'.repeat(32);

describe('sample config', () => {
  describe('when the environment is empty', () => {
    it('uses the documented defaults', () => {
      const { config } = loadConfig({});
      expect(config).to.deep.include({
        env: 'development',
        port: 3000,
        host: '127.0.0.1',
        bcryptRounds: 12,
        databaseFile: 'data/sample.db',
        attachmentMaxBytes: 10 * 1024 * 1024,
        demoPassword: DEFAULT_DEMO_PASSWORD,
        loginRateLimit: { max: 5, clientMax: 20, windowMs: 900_000 },
        loginFailureSpacingMs: 1000,
        registerRateLimit: { max: 10, windowMs: 900_000 },
        engine: 'express',
      });
      expect(config.jwt).to.include({ accessTokenTTL: 3600, refreshTokenTTL: 86_400 });
      expect(config.redisUrl).to.equal(undefined);
    });

    it('generates a long random JWT secret per start, with a warning', () => {
      const first = loadConfig({});
      const second = loadConfig({});
      expect(first.config.jwt.secret).to.have.length.of.at.least(32);
      expect(first.config.jwt.secret).to.not.equal(second.config.jwt.secret);
      expect(first.warnings.join()).to.match(/JWT_SECRET is not set/);
    });
  });

  describe('when variables are set', () => {
    it('reads and converts each of them', () => {
      const { config, warnings } = loadConfig({
        PORT: '8080',
        HOST: '0.0.0.0',
        JWT_SECRET: SECRET,
        JWT_ACCESS_TTL: '60',
        JWT_REFRESH_TTL: '120',
        BCRYPT_ROUNDS: '4',
        DATABASE_FILE: ':memory:',
        REDIS_URL: 'redis://localhost:6379',
        DEMO_PASSWORD: 'other-pass',
        LOGIN_RATE_LIMIT_MAX: '3',
        LOGIN_RATE_LIMIT_WINDOW_MS: '1000',
        LOGIN_CLIENT_RATE_LIMIT_MAX: '7',
        LOGIN_FAILURE_SPACING_MS: '250',
        REGISTER_RATE_LIMIT_MAX: '2',
        REGISTER_RATE_LIMIT_WINDOW_MS: '5000',
        TRELLIS_ENGINE: 'fastify',
      });
      expect(warnings).to.deep.equal([]);
      expect(config).to.deep.include({
        port: 8080,
        host: '0.0.0.0',
        jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 120 },
        bcryptRounds: 4,
        databaseFile: ':memory:',
        redisUrl: 'redis://localhost:6379',
        demoPassword: 'other-pass',
        loginRateLimit: { max: 3, clientMax: 7, windowMs: 1000 },
        loginFailureSpacingMs: 250,
        registerRateLimit: { max: 2, windowMs: 5000 },
        engine: 'fastify',
      });
    });

    it('reads TRUST_PROXY as a hop count, a boolean or a name, and trusts nothing when unset', () => {
      const trustProxy = (value?: string) =>
        loadConfig({ JWT_SECRET: SECRET, TRUST_PROXY: value }).config.trustProxy;
      expect(trustProxy('1')).to.equal(1);
      expect(trustProxy('true')).to.equal(true);
      expect(trustProxy('false')).to.equal(false);
      expect(trustProxy('loopback')).to.equal('loopback');
      expect(trustProxy(undefined)).to.equal(undefined);
    });

    it('reads CORS_ORIGINS as a comma-separated list of origins, none when unset', () => {
      const origins = (value?: string) =>
        loadConfig({ JWT_SECRET: SECRET, CORS_ORIGINS: value }).config.corsOrigins;
      expect(origins('http://localhost:5173, https://app.example.com')).to.deep.equal([
        'http://localhost:5173',
        'https://app.example.com',
      ]);
      expect(origins(undefined)).to.deep.equal([]);
    });

    it('treats an empty value as unset', () => {
      expect(loadConfig({ PORT: '', JWT_SECRET: SECRET }).config.port).to.equal(3000);
    });
  });

  it('reads WS_ORIGINS as a comma-separated list, any origin when unset', () => {
    const listed = loadConfig({
      JWT_SECRET: SECRET,
      WS_ORIGINS: 'https://a.example.com, https://b.example.com,',
    });
    expect(listed.config.wsOrigins).to.deep.equal(['https://a.example.com', 'https://b.example.com']);
    expect(loadConfig({ JWT_SECRET: SECRET }).config.wsOrigins).to.equal(undefined);
  });

  describe('when a value is invalid', () => {
    const invalid: Record<string, string> = {
      PORT: '70000',
      JWT_SECRET: 'short',
      BCRYPT_ROUNDS: '2',
      JWT_ACCESS_TTL: '-1',
      TRELLIS_ENGINE: 'koa',
      REDIS_URL: 'http://localhost',
      DEMO_PASSWORD: '123',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
      CORS_ORIGINS: 'https://app.example.com/',
      LOGIN_FAILURE_SPACING_MS: '-1',
    };
    for (const name of ['CORS_ORIGINS', 'WS_ORIGINS'])
      it(`refuses ${name} entries that are not http(s) origins, null included`, () => {
        for (const value of [
          'app.example.com',
          'ftp://files.example',
          'https://app.example.com/path',
          '*',
          'null',
        ])
          expect(() => loadConfig({ JWT_SECRET: SECRET, [name]: value }), value)
            .to.throw(ConfigError)
            .with.property('message')
            .that.includes(name);
      });

    for (const [name, value] of Object.entries(invalid)) {
      it(`refuses ${name}=${value}, naming the variable`, () => {
        expect(() => loadConfig({ JWT_SECRET: SECRET, [name]: value }))
          .to.throw(ConfigError)
          .with.property('message')
          .that.includes(name);
      });
    }

    it('lists every invalid variable at once', () => {
      expect(() => loadConfig({ PORT: 'x', BCRYPT_ROUNDS: 'y' }))
        .to.throw(ConfigError)
        .that.satisfies(
          (err: Error) => err.message.includes('PORT') && err.message.includes('BCRYPT_ROUNDS'),
        );
    });
  });

  describe('when NODE_ENV=production', () => {
    it('requires JWT_SECRET', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).to.throw(ConfigError, /JWT_SECRET: required/);
    });

    it('warns when the demo password is the published default', () => {
      const { warnings } = loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET });
      expect(warnings.join()).to.match(/DEMO_PASSWORD/);
    });
  });

  describe('.env.example', () => {
    const example = parse(readFileSync(join(__dirname, '..', '..', '..', '.env.example')));

    it('documents every variable the sample reads', () => {
      expect(Object.keys(example)).to.include.members(CONFIG_VARIABLES);
    });

    it('works as it is when copied to .env', () => {
      expect(loadConfig(example).config).to.include({ port: 3000, databaseFile: 'data/sample.db' });
    });
  });
});
