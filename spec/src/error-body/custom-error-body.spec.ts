import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import { Auth, AuthService } from '../../../modules/auth';
import { MinimumRole } from '../../../modules/rbac';
import { REFERENCE_PERMISSIONS, REFERENCE_ROLES } from '../../../modules/reference';
import {
  Body,
  ConflictException,
  Controller,
  Depends,
  ErrorBody,
  type ErrorBodyCall,
  type ErrorBodyInput,
  Get,
  NotFoundException,
  Param,
  Post,
  rateLimit,
} from '../../../src';
import { createApp } from '../../../src/app/create-app';
import type { EngineName } from '../../../src/engine/engine';
import { ADA, FAST_ROUNDS, SECRET, stubUsers } from '../../modules/auth/auth-fixtures';
import { capturingLogger } from '../../support/capturing-logger';
import { forEachEngine } from '../../support/engines';
import { RawConnection } from '../../support/raw-http';
import { type Served, serve } from '../../support/serve';

/** The RealWorld API's error shape, as API.md gives it. */
const Errors = z.object({ errors: z.object({ body: z.array(z.string()) }) });
const Legacy = z.object({ error: z.string(), status: z.number() }).meta({ id: 'LegacyError' });
const Own = z.object({ problem: z.string() });

const built: [ErrorBodyInput, ErrorBodyCall][] = [];
const errorBody = {
  schema: Errors,
  build: (error: ErrorBodyInput, call: ErrorBodyCall) => {
    built.push([error, call]);
    return { errors: { body: [error.message] } };
  },
};
const errors = (...messages: string[]) => ({ errors: { body: messages } });

const Note = z.object({ title: z.string().min(3) });
// Counted per engine: both describe blocks share the controller, so the key names the engine.
const perRoute = rateLimit({
  windowMs: 60_000,
  max: 1,
  keyGenerator: (req) => String(req.headers['x-engine']),
});

@Controller('/notes')
class NotesController {
  @Post()
  create(@Body(Note) note: z.infer<typeof Note>) {
    return note;
  }

  @Get('/:id')
  find(@Param('id') id: string) {
    throw new NotFoundException(`No note ${id}`);
  }

  @Post('/:id/copies')
  copy() {
    throw new ConflictException('Already copied');
  }

  @Get('/crash/now')
  crash() {
    throw new Error('db://admin:secret@10.0.0.1 refused');
  }

  @Get('/limited/inside')
  limited(@Depends(perRoute.check) _limit: undefined) {
    return { ok: true };
  }

  @Post('/:id/archive')
  @Auth()
  archive() {
    return { archived: true };
  }

  @Get('/staff/only')
  @MinimumRole('manager')
  staff() {
    return {};
  }
}

@Controller('/limited')
class LimitedController {
  @Get()
  ok() {
    return { ok: true };
  }
}

@Controller('/legacy')
@ErrorBody({ schema: Legacy, build: (error) => ({ error: error.message, status: error.status }) })
class LegacyController {
  @Post()
  create(@Body(Note) note: z.infer<typeof Note>) {
    return note;
  }

  @Get('/:id')
  find(@Param('id') id: string) {
    throw new NotFoundException(`No legacy ${id}`);
  }

  @Get('/own/:id')
  @ErrorBody({ schema: Own, build: (error) => ({ problem: `${error.code}: ${error.message}` }) })
  own(@Param('id') id: string) {
    throw new NotFoundException(`No own ${id}`);
  }
}

@Controller('/plain')
class PlainController {
  @Post()
  create(@Body(Note) note: z.infer<typeof Note>) {
    return note;
  }
}

@Controller('/broken')
@ErrorBody({
  schema: Errors,
  build: () => {
    throw new Error('the builder broke');
  },
})
class BrokenController {
  @Get('/:id')
  find(@Param('id') id: string) {
    throw new NotFoundException(`No broken ${id}`);
  }
}

@Controller('/refused')
@ErrorBody({ schema: Errors, build: () => ({ errors: { body: 'not a list' } }) as never })
class RefusedController {
  @Get('/:id')
  find(@Param('id') id: string) {
    throw new NotFoundException(`No refused ${id}`);
  }
}

const REFERENCE_500 = {
  statusCode: 500,
  error: 'Internal Server Error',
  message: 'Internal Server Error',
  code: 'INTERNAL_SERVER_ERROR',
};

describe('errorBody: one builder writes every error answer', () => {
  forEachEngine((engine: EngineName) => {
    let served: Served;
    let token: string;
    const logs = capturingLogger();

    before(async () => {
      const users = await stubUsers();
      const app = createApp({
        engine,
        errorBody,
        bodyLimit: '1kb',
        logger: logs.logger,
        controllers: [
          NotesController,
          LimitedController,
          LegacyController,
          BrokenController,
          RefusedController,
        ],
      })
        .install('auth', {
          jwt: { secret: SECRET, accessTokenTTL: 60, refreshTokenTTL: 600 },
          userProvider: users.provider,
          bcryptRounds: FAST_ROUNDS,
          routes: true,
        })
        .install('rbac', { roles: REFERENCE_ROLES, permissions: REFERENCE_PERMISSIONS });
      app.use('/limited', rateLimit({ windowMs: 60_000, max: 1 }));
      served = await serve(app);
      token = (await app.container.get(AuthService).generateTokens(ADA)).accessToken;
    });
    after(() => served.close());
    beforeEach(() => {
      built.length = 0;
    });

    it('a 422 gets the custom body; build is given the status, code, message, details and the call', async () => {
      const res = await request(served.url).post('/notes?draft=1').send({ title: 'x' }).expect(422);
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(res.body).to.deep.equal(errors('Validation failed'));
      const [[error, call]] = built;
      expect(error).to.include({ status: 422, code: 'BAD_USER_INPUT', message: 'Validation failed' });
      expect(error.details?.[0]).to.include({ path: 'body.title', code: 'too_small' });
      expect(call).to.deep.equal({ route: '/notes', method: 'POST', url: '/notes?draft=1' });
    });

    it('malformed JSON (400), a body over the limit (413) and one that is not JSON (415) too', async () => {
      const malformed = await request(served.url)
        .post('/notes')
        .set('content-type', 'application/json')
        .send('{"title":')
        .expect(400);
      expect(malformed.body).to.deep.equal(errors('Malformed JSON body'));
      const large = await request(served.url)
        .post('/notes')
        .send({ title: 'x'.repeat(2_000) })
        .expect(413);
      expect(large.body).to.deep.equal(errors('Request body is too large'));
      const text = await request(served.url)
        .post('/notes')
        .set('content-type', 'text/plain')
        .send('title')
        .expect(415);
      expect(text.body.errors.body).to.have.length(1);
      expect(built.map(([error]) => error.status)).to.deep.equal([400, 413, 415]);
    });

    it('a thrown HTTPException (404, 409) and an unexpected error (500, internals hidden)', async () => {
      const missing = await request(served.url).get('/notes/7').expect(404);
      expect(missing.body).to.deep.equal(errors('No note 7'));
      const conflict = await request(served.url).post('/notes/7/copies').expect(409);
      expect(conflict.body).to.deep.equal(errors('Already copied'));
      const crash = await request(served.url).get('/notes/crash/now').expect(500);
      expect(crash.body).to.deep.equal(errors('Internal Server Error'));
      expect(crash.text).not.to.include('secret');
      expect(built[0][1]).to.deep.equal({ route: '/notes/:id', method: 'GET', url: '/notes/7' });
    });

    it('guards: 401 keeps WWW-Authenticate, 403 from rbac', async () => {
      const anonymous = await request(served.url).post('/notes/1/archive').expect(401);
      expect(anonymous.body.errors.body).to.have.length(1);
      expect(anonymous.headers['www-authenticate']).to.equal('Bearer');
      const tooLow = await request(served.url)
        .get('/notes/staff/only')
        .set('authorization', `Bearer ${token}`)
        .expect(403);
      expect(tooLow.body.errors.body).to.have.length(1);
      expect(built.map(([error]) => [error.status, error.code])).to.deep.equal([
        [401, 'UNAUTHENTICATED'],
        [403, 'ROLE_TOO_LOW'],
      ]);
    });

    it('an unknown path (404) and a known path with another method (405, Allow kept), without a route', async () => {
      const unknown = await request(served.url).get('/nowhere?q=1').expect(404);
      expect(unknown.body).to.deep.equal(errors('Cannot GET /nowhere'));
      const wrongMethod = await request(served.url).put('/notes/7').expect(405);
      expect(wrongMethod.headers.allow).to.equal('GET, HEAD');
      expect(wrongMethod.body.errors.body).to.have.length(1);
      expect(built.map(([, call]) => call)).to.deep.equal([
        { method: 'GET', url: '/nowhere?q=1' },
        { method: 'PUT', url: '/notes/7' },
      ]);
    });

    it('rate limits, as app.use middleware and inside a route, keep Retry-After and the RateLimit fields', async () => {
      await request(served.url).get('/limited').expect(200);
      const middleware = await request(served.url).get('/limited').expect(429);
      await request(served.url).get('/notes/limited/inside').set('x-engine', engine).expect(200);
      const inside = await request(served.url)
        .get('/notes/limited/inside')
        .set('x-engine', engine)
        .expect(429);
      for (const res of [middleware, inside]) {
        expect(res.body).to.deep.equal(errors('Too many requests, please try again later'));
        expect(Number(res.headers['retry-after'])).to.be.within(1, 60);
        expect(res.headers['ratelimit-policy']).to.be.a('string');
        expect(res.headers.ratelimit).to.be.a('string');
      }
      expect(built.map(([error]) => error.code)).to.deep.equal(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
    });

    it("the auth module's own routes answer with it: a wrong password (401), a body that is no credentials (422)", async () => {
      const wrong = await request(served.url)
        .post('/auth/login')
        .send({ username: 'ada', password: 'wrong-password' })
        .expect(401);
      expect(wrong.body.errors.body).to.have.length(1);
      const invalid = await request(served.url).post('/auth/login').send({ username: 'ada' }).expect(422);
      expect(invalid.body).to.deep.equal(errors('Validation failed'));
      expect(built.map(([, call]) => call.route)).to.deep.equal(['/auth/login', '/auth/login']);
    });

    it('a request Node refuses before any route (400) gets it too', async () => {
      const conn = await RawConnection.open(Number(new URL(served.url).port));
      conn.write('GET /notes HTTP/9\r\n\r\n');
      const res = await conn.response();
      expect(res.status).to.equal(400);
      expect(JSON.parse(res.body).errors.body).to.have.length(1);
      await conn.ended;
    });

    it('ErrorBody() on a controller overrides it for its routes (body errors included), on a method for that route', async () => {
      const missing = await request(served.url).get('/legacy/3').expect(404);
      expect(missing.body).to.deep.equal({ error: 'No legacy 3', status: 404 });
      const invalid = await request(served.url).post('/legacy').send({ title: 1 }).expect(422);
      expect(invalid.body).to.deep.equal({ error: 'Validation failed', status: 422 });
      const large = await request(served.url)
        .post('/legacy')
        .send({ title: 'x'.repeat(2_000) })
        .expect(413);
      expect(large.body).to.deep.equal({ error: 'Request body is too large', status: 413 });
      const own = await request(served.url).get('/legacy/own/4').expect(404);
      expect(own.body).to.deep.equal({ problem: 'NOT_FOUND: No own 4' });
      expect(built).to.deep.equal([]);
    });

    it('a build that throws, or returns what its schema refuses, is the reference 500, logged once per builder', async () => {
      for (const path of ['/broken/1', '/broken/2', '/refused/1', '/refused/2']) {
        const res = await request(served.url).get(path).expect(500);
        expect(res.text).to.equal(JSON.stringify(REFERENCE_500));
      }
      const failures = logs.lines.filter((line) => line.msg.startsWith('errorBody:'));
      expect(failures.map((line) => [line.route, line.statusCode, line.level])).to.deep.equal([
        ['/broken/:id', 404, 50],
        ['/refused/:id', 404, 50],
      ]);
      expect(failures[0].err.message).to.equal('the builder broke');
    });
  });
});

describe('errorBody: without it, the reference body byte for byte', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [PlainController] }));
    });
    after(() => served.close());

    it('404, 405 and 422 answer { statusCode, error, message, code, details? }', async () => {
      const unknown = await request(served.url).get('/nowhere').expect(404);
      expect(unknown.text).to.equal(
        '{"statusCode":404,"error":"Not Found","message":"Cannot GET /nowhere","code":"NOT_FOUND"}',
      );
      const invalid = await request(served.url).post('/plain').send({ title: 'x' }).expect(422);
      expect(Object.keys(invalid.body)).to.deep.equal(['statusCode', 'error', 'message', 'code', 'details']);
      const wrongMethod = await request(served.url).put('/plain').expect(405);
      expect(wrongMethod.body).to.deep.equal({
        statusCode: 405,
        error: 'Method Not Allowed',
        message: 'Method PUT is not allowed on /plain',
        code: 'METHOD_NOT_ALLOWED',
      });
    });
  });
});
