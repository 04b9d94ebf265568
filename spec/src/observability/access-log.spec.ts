import { get } from 'node:http';
import { expect } from 'chai';
import request from 'supertest';
import { Controller, createApp, Get, Param } from '../../../src';
import type { EngineName } from '../../../src/engine/engine';
import type { AppOptions } from '../../../src/options/app-options';
import {
  AuthController,
  bearer,
  FAST_ROUNDS,
  MeController,
  PASSWORD,
  SECRET,
  stubUsers,
} from '../../modules/auth/auth-fixtures';
import { forEachEngine } from '../../support/engines';
import { expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';
import { type CapturedLogs, captureLogs, until } from './log-capture';

// The slow route's answer waits for the spec: started once it runs, released by the spec.
const slowRoute = { started: false, release: () => {} };

@Controller('/things')
class ThingsController {
  @Get('/:id')
  one(@Param('id') id: string) {
    return { id };
  }

  @Get('/:id/broken')
  broken(): never {
    throw new Error('broken thing');
  }

  @Get('/:id/slow')
  async slow(@Param('id') id: string) {
    slowRoute.started = true;
    await new Promise<void>((resolve) => {
      slowRoute.release = resolve;
    });
    return { id };
  }
}

async function accessLogged(
  engine: EngineName,
  logs: CapturedLogs,
  options: Partial<AppOptions>,
): Promise<Served> {
  const users = await stubUsers();
  const app = createApp({
    engine,
    controllers: [ThingsController, AuthController, MeController],
    logger: logs.logger,
    ...options,
  }).install('auth', {
    jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
    userProvider: users.provider,
    bcryptRounds: FAST_ROUNDS,
  });
  return serve(app);
}

const accessLines = (logs: CapturedLogs) => logs.lines.filter((line) => line.res?.statusCode !== undefined);

describe('access log', () => {
  forEachEngine((engine) => {
    describe('on by default settings', () => {
      let served: Served;
      const logs = captureLogs();
      before(async () => {
        served = await accessLogged(engine, logs, { accessLog: true });
      });
      after(() => served.close());

      it('writes one line per request: method, URL, route template, status, duration and request id', async () => {
        await request(served.url).get('/things/42?view=full').set('X-Request-Id', 'log-1').expect(200);
        await until(() => accessLines(logs).some((line) => line.reqId === 'log-1'));
        const lines = accessLines(logs).filter((line) => line.reqId === 'log-1');
        expect(lines).to.have.length(1);
        const [line] = lines;
        expect(line.level).to.equal(30);
        expect(line.req).to.deep.equal({ method: 'GET', url: '/things/42?view=full' });
        expect(line.route).to.equal('/things/:id');
        expect(line.res).to.deep.equal({ statusCode: 200 });
        expect(line.responseTime).to.be.a('number').and.at.least(0);
        expect(line).not.to.have.property('userId');
      });

      it('names the caller once a guard has authenticated it', async () => {
        const login = await request(served.url)
          .post('/auth/login')
          .send({ username: 'ada', password: PASSWORD });
        await request(served.url)
          .get('/me')
          .set('Authorization', bearer(login.body.accessToken))
          .set('X-Request-Id', 'log-me')
          .expect(200);
        await until(() => accessLines(logs).some((line) => line.reqId === 'log-me'));
        const line = accessLines(logs).find((entry) => entry.reqId === 'log-me')!;
        expect(line.userId).to.equal(1);
        expect(line.route).to.equal('/me');
      });

      it('logs unknown routes without a route, and 5xx at error level', async () => {
        await request(served.url).get('/nowhere').set('X-Request-Id', 'log-404').expect(404);
        await request(served.url).get('/things/1/broken').set('X-Request-Id', 'log-500').expect(500);
        await until(() => accessLines(logs).some((line) => line.reqId === 'log-500'));
        const missing = accessLines(logs).find((line) => line.reqId === 'log-404')!;
        expect(missing.route).to.equal(undefined);
        expect(missing.res.statusCode).to.equal(404);
        const failed = accessLines(logs).find((line) => line.reqId === 'log-500')!;
        expect(failed.level).to.equal(50);
        expect(failed.route).to.equal('/things/:id/broken');
      });

      it('logs a request whose client left before the answer as aborted', async () => {
        slowRoute.started = false;
        const req = get(`${served.url}/things/9/slow`, { headers: { 'X-Request-Id': 'log-gone' } });
        const gone = new Promise((resolve) => req.on('error', resolve));
        try {
          await until(() => slowRoute.started);
          req.destroy();
          await gone;
          await until(() => accessLines(logs).some((line) => line.reqId === 'log-gone'));
          const lines = accessLines(logs).filter((line) => line.reqId === 'log-gone');
          expect(lines).to.have.length(1);
          expect(lines[0]).to.include({ level: 30, msg: 'request aborted', route: '/things/:id/slow' });
        } finally {
          slowRoute.release();
        }
      });

      it('never writes a token, a password or a cookie', async () => {
        const login = await request(served.url)
          .post('/auth/login')
          .set('X-Request-Id', 'log-secret-1')
          .send({ username: 'ada', password: PASSWORD })
          .expect(201);
        const { accessToken, refreshToken } = login.body;
        await request(served.url)
          .get('/me?token=query-secret-1&access_token=query-secret-2&password=query-secret-3&page=2')
          .set('Authorization', bearer(accessToken))
          .set('Cookie', 'session=cookie-secret-4; theme=dark')
          .set('X-Request-Id', 'log-secret-2')
          .expect(200);
        await request(served.url)
          .post('/auth/refresh')
          .set('X-Request-Id', 'log-secret-3')
          .send({ refreshToken })
          .expect(201);
        await until(() =>
          ['log-secret-1', 'log-secret-2', 'log-secret-3'].every((id) =>
            accessLines(logs).some((line) => line.reqId === id),
          ),
        );
        const text = logs.text();
        for (const secret of [
          PASSWORD,
          accessToken,
          refreshToken,
          'query-secret-1',
          'query-secret-2',
          'query-secret-3',
          'cookie-secret-4',
        ])
          expect(text).not.to.include(secret);
        const line = accessLines(logs).find((entry) => entry.reqId === 'log-secret-2')!;
        expect(line.req.url).to.equal(
          '/me?token=[Redacted]&access_token=[Redacted]&password=[Redacted]&page=2',
        );
      });

      it('redacts every name of the documented list, in any case and inside longer names', async () => {
        const names = [
          'jwt',
          'bearer',
          'pass',
          'PWD',
          'sig',
          'X-Amz-Signature',
          'otp',
          'credential',
          'apiKey',
          'SAMLResponse',
        ];
        const query = names.map((name, i) => `${name}=leak-${i}`).join('&');
        await request(served.url)
          .get(`/nowhere?${query}&sort=asc`)
          .set('X-Request-Id', 'log-secret-4')
          .expect(404);
        await until(() => accessLines(logs).some((line) => line.reqId === 'log-secret-4'));
        const line = accessLines(logs).find((entry) => entry.reqId === 'log-secret-4')!;
        expect(line.req.url).to.equal(
          `/nowhere?${names.map((name) => `${name}=[Redacted]`).join('&')}&sort=asc`,
        );
        expect(logs.text()).not.to.match(/leak-\d/);
      });
    });

    describe('with a level and a sample rate', () => {
      let served: Served;
      const logs = captureLogs('debug');
      before(async () => {
        served = await accessLogged(engine, logs, { accessLog: { level: 'debug', sampleRate: 0 } });
      });
      after(() => served.close());

      it('logs none of the sampled-out answers below 500, but every 5xx', async () => {
        for (let i = 0; i < 5; i++) await request(served.url).get(`/things/${i}`).expect(200);
        await request(served.url).get('/nowhere').expect(404);
        await request(served.url).get('/things/1/broken').set('X-Request-Id', 'sampled-500').expect(500);
        await until(() => accessLines(logs).some((line) => line.reqId === 'sampled-500'));
        expect(accessLines(logs).map((line) => line.res.statusCode)).to.deep.equal([500]);
      });
    });

    describe('at a chosen level, every answer', () => {
      let served: Served;
      const logs = captureLogs('debug');
      before(async () => {
        served = await accessLogged(engine, logs, { accessLog: { level: 'debug', sampleRate: 1 } });
      });
      after(() => served.close());

      it('writes the lines at that level', async () => {
        await request(served.url).get('/things/7').set('X-Request-Id', 'debug-1').expect(200);
        await until(() => accessLines(logs).some((line) => line.reqId === 'debug-1'));
        expect(accessLines(logs).find((line) => line.reqId === 'debug-1')!.level).to.equal(20);
      });
    });
  });

  describe('misconfigured', () => {
    it('refuses an unknown level or a sample rate outside 0..1 when the app is created', () => {
      for (const [accessLog, path] of [
        [{ level: 'loud' }, 'options.accessLog.level'],
        [{ sampleRate: 1.5 }, 'options.accessLog.sampleRate'],
        [{ sampleRate: -0.1 }, 'options.accessLog.sampleRate'],
        [{ sampleRate: Number.NaN }, 'options.accessLog.sampleRate'],
        ['yes', 'options.accessLog'],
      ] as const) {
        const err = expectThrowsCode(
          () => createApp({ accessLog: accessLog as never }),
          'TRELLIS_ERR_INVALID_OPTION',
        );
        expect(err.message).to.match(new RegExp(`^${path.replace(/\./g, '\\.')}:`));
      }
    });
  });
});
