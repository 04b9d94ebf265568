import { expect } from 'chai';
import { z } from 'zod';
import {
  Body,
  Controller,
  Depends,
  ErrorBody,
  Get,
  Implements,
  NotFoundException,
  Param,
  Post,
  rateLimit,
} from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { contract, createClient, ErrorBodySchema, idempotent } from '../../../src/client';
import { type TypeCheck, typeCheck } from '../../support/contract-typecheck';
import { forEachEngine } from '../../support/engines';
import { expectCode } from '../../support/expect-code';
import { removeFolder, tempFolder } from '../../support/package-tarball';
import { type Served, serve } from '../../support/serve';

const Errors = z.object({ errors: z.object({ body: z.array(z.string()) }) });
const Legacy = z.object({ error: z.string() }).meta({ id: 'LegacyError' });
const errorBody = {
  schema: Errors,
  build: (error: { message: string }) => ({ errors: { body: [error.message] } }),
};
const Note = z.object({ title: z.string().min(3) });
const limiter = rateLimit({ windowMs: 60_000, max: 5 });

@Controller('/notes')
class NotesController {
  @Get('/:id')
  find(@Param('id') id: string) {
    throw new NotFoundException(`No note ${id}`);
  }

  @Post()
  create(@Body(Note) note: z.infer<typeof Note>, @Depends(limiter.check) _limit: undefined) {
    return note;
  }
}

@Controller('/legacy')
@ErrorBody({ schema: Legacy, build: (error) => ({ error: error.message }) })
class LegacyController {
  @Get('/:id')
  find(@Param('id') id: string) {
    throw new NotFoundException(`No legacy ${id}`);
  }
}

const notesApi = contract({
  getNote: {
    method: 'GET',
    path: '/c/notes/:id',
    params: z.object({ id: z.string() }),
    responses: { 200: Note, 404: Errors },
  },
  createNote: { method: 'POST', path: '/c/notes', body: Note, responses: { 201: Note, 422: Errors } },
  copyNote: idempotent(
    {
      method: 'POST',
      path: '/c/notes/:id/copies',
      params: z.object({ id: z.string() }),
      responses: { 201: Note },
    },
    { errorBody: Errors },
  ),
});

@Controller()
class ContractNotesController {
  @Implements(notesApi.getNote)
  getNote(@Param('id') id: string): { title: string } {
    throw new NotFoundException(`No note ${id}`);
  }

  @Implements(notesApi.createNote)
  createNote(@Body() note: { title: string }) {
    return note;
  }

  @Implements(notesApi.copyNote)
  copyNote() {
    return { title: 'copy' };
  }
}

const referenceApi = contract({
  getNote: {
    method: 'GET',
    path: '/c/notes/:id',
    params: z.object({ id: z.string() }),
    responses: { 200: Note, 404: ErrorBodySchema },
  },
  copyNote: idempotent({ method: 'POST', path: '/c/copies', responses: { 201: Note } }),
});

@Controller()
class ReferenceContractController {
  @Implements(referenceApi.getNote)
  getNote(): { title: string } {
    return { title: 'kept' };
  }
}

@Controller()
class ReferenceIdempotentController {
  @Implements(referenceApi.copyNote)
  copyNote() {
    return { title: 'copy' };
  }
}

type Doc = {
  paths: Record<string, any>;
  components: { schemas: Record<string, any>; responses: Record<string, any> };
};

describe('errorBody: documented in OpenAPI, contracts and the typed client', () => {
  forEachEngine((engine) => {
    let served: Served;
    let doc: Doc;
    before(async () => {
      const app = createApp({
        engine,
        errorBody,
        controllers: [NotesController, LegacyController, ContractNotesController],
      });
      served = await serve(app);
      doc = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    });
    after(() => served.close());

    it('every shared error response of /openapi.json has the errorBody schema, and no reference one exists', () => {
      const { responses, schemas } = doc.components;
      expect(schemas.ErrorBody).to.deep.include({ type: 'object', required: ['errors'] });
      expect(schemas).not.to.have.any.keys('Error', 'ValidationError');
      const note = doc.paths['/notes/{id}'].get.responses;
      expect(note['404']).to.deep.equal({ $ref: '#/components/responses/NotFound' });
      const created = doc.paths['/notes'].post.responses;
      expect(created['422']).to.deep.equal({ $ref: '#/components/responses/ValidationFailed' });
      expect(created['429']).to.deep.equal({ $ref: '#/components/responses/TooManyRequests' });
      for (const name of ['NotFound', 'ValidationFailed', 'TooManyRequests', 'InternalServerError'])
        expect(responses[name].content['application/json'].schema, name).to.deep.equal({
          $ref: '#/components/schemas/ErrorBody',
        });
      expect(responses.ValidationFailed.description).to.equal(
        'Unprocessable Entity: A value failed its schema',
      );
      expect(responses.TooManyRequests.headers).to.have.all.keys(
        'Retry-After',
        'RateLimit-Policy',
        'RateLimit',
      );
    });

    it("an ErrorBody() controller's errors are documented with its own schema, by its id", () => {
      const legacy = doc.paths['/legacy/{id}'].get.responses;
      expect(legacy['404']).to.deep.equal({ $ref: '#/components/responses/NotFoundLegacyError' });
      expect(doc.components.responses.NotFoundLegacyError.content['application/json'].schema).to.deep.equal({
        $ref: '#/components/schemas/LegacyError',
      });
      expect(doc.components.schemas.LegacyError).to.deep.include({ required: ['error'] });
    });

    it('a contract declaring the errorBody schema is served and typed with it: the client reads the custom body', async () => {
      const client = createClient(notesApi, { baseUrl: served.url });
      const missing = await client.getNote({ params: { id: '9' } });
      expect(missing).to.deep.include({ status: 404, body: { errors: { body: ['No note 9'] } } });
      const invalid = await client.createNote({ body: { title: 'x' } }).catch((err) => err);
      expect(invalid.code).to.equal('TRELLIS_ERR_CONTRACT_INPUT');
      const refused = await fetch(`${served.url}/c/notes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"title":"x"}',
      });
      expect(refused.status).to.equal(422);
      expect(Errors.safeParse(await refused.json()).success).to.equal(true);
      expect(
        doc.paths['/c/notes/{id}/copies'].post.responses['409'].content['application/json'].schema,
      ).to.deep.include({ required: ['errors'] });
    });

    it('ready() refuses a contract route that declares the reference ErrorBodySchema (idempotent() included)', async () => {
      for (const controller of [ReferenceContractController, ReferenceIdempotentController]) {
        const app = createApp({ engine, errorBody, controllers: [controller] });
        const err = await app.ready().catch((error) => error);
        expectCode(err, 'TRELLIS_ERR_CONTRACT_ERROR_BODY');
        expect(err.message).to.include(`${controller.name}.`);
      }
      await createApp({
        engine,
        controllers: [ReferenceContractController, ReferenceIdempotentController],
      }).ready();
    });
  });
});

const PATHS = { 'trellis/client': ['dist/src/client/index.d.ts'] };

const API = `import { z } from 'zod';
import { contract, idempotent } from 'trellis/client';

export const Errors = z.object({ errors: z.object({ body: z.array(z.string()) }) });
const Note = z.object({ title: z.string() });
export const api = contract({
  getNote: { method: 'GET', path: '/notes/:id', params: z.object({ id: z.string() }), responses: { 200: Note, 404: Errors } },
  copyNote: idempotent({ method: 'POST', path: '/notes/copies', responses: { 201: Note } }, { errorBody: Errors }),
});
`;

const HEADER = `import { createClient } from 'trellis/client';
import { api } from './api';
const client = createClient(api, { baseUrl: 'http://localhost' });
`;

const PROGRAMS: Record<string, string> = {
  'good.ts': `${HEADER}
export async function use(): Promise<string> {
  const found = await client.getNote({ params: { id: '1' } });
  if (found.status === 200) return found.body.title;
  const copied = await client.copyNote();
  if (copied.status === 409 || copied.status === 422) return copied.body.errors.body[0];
  return found.body.errors.body[0];
}
`,
  'reference-field.ts': `${HEADER}
export async function use(): Promise<string> {
  const found = await client.getNote({ params: { id: '1' } });
  if (found.status === 200) return found.body.title;
  return found.body.code; // refused
}
`,
  'idempotent-reference-field.ts': `${HEADER}
export async function use(): Promise<string> {
  const copied = await client.copyNote();
  if (copied.status === 409) return copied.body.message; // refused
  return '';
}
`,
};

function errorLines(check: TypeCheck, file: string): number[] {
  const pattern = new RegExp(`^${file.replace('.', '\\.')}\\((\\d+),\\d+\\): error`, 'gm');
  return [...check.output.matchAll(pattern)].map((match) => Number(match[1]));
}

describe("errorBody: the typed client's error type (TypeScript 5.9, strict)", function () {
  this.timeout(180_000);
  let folder: string;
  let check: TypeCheck;
  before(async () => {
    folder = tempFolder('error-body-types');
    check = await typeCheck(folder, { 'api.ts': API, ...PROGRAMS }, PATHS);
  });
  after(() => removeFolder(folder));

  it('narrows an error status to the declared custom body', () => {
    expect(errorLines(check, 'good.ts'), check.output).to.deep.equal([]);
    expect(errorLines(check, 'api.ts'), check.output).to.deep.equal([]);
  });

  for (const [file, source] of Object.entries(PROGRAMS)) {
    if (file === 'good.ts') continue;
    const line = source.split('\n').findIndex((text) => text.includes('// refused')) + 1;
    it(`refuses a reference field of it: ${file.replace('.ts', '').replace(/-/g, ' ')} (line ${line})`, () => {
      expect(errorLines(check, file), check.output).to.deep.equal([line]);
    });
  }
});
