import { expect } from 'chai';
import request from 'supertest';
import { z } from 'zod';
import {
  Body,
  ConflictException,
  Controller,
  createApp,
  Depends,
  Description,
  Get,
  type OpenApiDocument,
  Param,
  Post,
  Returns,
  rateLimit,
  Throws,
  TrellisError,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { serve } from '../../support/serve';

const Note = z
  .object({ id: z.number().int(), text: z.string(), pinned: z.boolean().default(false) })
  .meta({ id: 'Note' });
const limiter = rateLimit({ windowMs: 60_000, max: 100 });

@Controller('/notes')
@Description('Short notes')
class NotesController {
  @Post()
  @Returns(Note)
  @Throws(ConflictException)
  create(@Body(Note) note: z.input<typeof Note>) {
    return note;
  }

  @Get('/:id')
  @Returns(Note, { description: 'The note' })
  one(@Param('id') id: string) {
    return { id: Number(id), text: 'x' };
  }

  @Post('/guarded-by-check')
  @Returns(z.object({ ok: z.boolean() }), { status: 202 })
  checked(@Depends(limiter.check) _limit: undefined) {
    return { ok: true };
  }
}

@Controller('/limited')
class LimitedController {
  @Get()
  listLimitedThings() {
    return [];
  }
}

async function documentOf(options: Parameters<typeof createApp>[0] = {}): Promise<OpenApiDocument> {
  const app = createApp({ controllers: [NotesController, LimitedController], ...options });
  app.use('/limited', rateLimit({ windowMs: 60_000, max: 5 }));
  const served = await serve(app);
  try {
    return (await request(served.url).get('/openapi.json').expect(200)).body;
  } finally {
    await served.close();
  }
}

describe('OpenAPI: declared answers', () => {
  forEachEngine((engine) => {
    let doc: OpenApiDocument;
    before(async () => {
      doc = await documentOf({ engine });
    });

    it('documents the Returns schema as the success body, from the answer side', () => {
      const created = doc.paths['/notes'].post!.responses['201'] as Record<string, any>;
      expect(created.description).to.equal('Created');
      expect(created.content['application/json'].schema).to.deep.equal({
        $ref: '#/components/schemas/NoteOutput',
      });
      // The request keeps the client's form: a default makes `pinned` optional there.
      expect(doc.components.schemas.Note.required).to.deep.equal(['id', 'text']);
      expect(doc.components.schemas.NoteOutput.required).to.deep.equal(['id', 'text', 'pinned']);
    });

    it('describes a success by its reason phrase unless Returns says otherwise', () => {
      expect(
        (doc.paths['/notes/{id}'].get!.responses['200'] as { description: string }).description,
      ).to.equal('The note');
      expect(Object.keys(doc.paths['/notes/guarded-by-check'].post!.responses)).to.include('202');
    });

    it('lists the statuses of Throws, 404 for path parameters, and the body errors', () => {
      expect(Object.keys(doc.paths['/notes'].post!.responses)).to.deep.equal([
        '201',
        '400',
        '409',
        '413',
        '415',
        '422',
        '500',
      ]);
      expect(doc.paths['/notes'].post!.responses['409']).to.deep.equal({
        $ref: '#/components/responses/Conflict',
      });
      expect(Object.keys(doc.paths['/notes/{id}'].get!.responses)).to.deep.equal(['200', '404', '500']);
    });

    it('documents 429 with its headers where a rate limit covers the route, and only there', () => {
      expect(doc.paths['/limited'].get!.responses).to.have.property('429');
      expect(doc.paths['/notes/guarded-by-check'].post!.responses).to.have.property('429');
      expect(doc.paths['/notes'].post!.responses).not.to.have.property('429');
      expect(doc.components.responses.TooManyRequests).to.have.nested.property('headers.Retry-After');
    });

    it('holds only the shared responses some operation uses', () => {
      // Each name on its own: `not.include.members` passes as soon as one of them is missing.
      const names = Object.keys(doc.components.responses);
      expect(names).to.include('InternalServerError');
      expect(names).not.to.include('Unauthorized');
      expect(names).not.to.include('Forbidden');
    });

    it('marks every operation public, serves from / and describes each tag', () => {
      expect(doc.servers).to.deep.equal([{ url: '/' }]);
      for (const item of Object.values(doc.paths))
        for (const operation of Object.values(item)) expect(operation.security).to.deep.equal([]);
      expect(doc.tags).to.deep.equal([
        { name: 'Notes', description: 'Short notes' },
        { name: 'Limited', description: 'The Limited routes' },
      ]);
    });

    it('names an operation without Summary after its method, and describes it with its summary', () => {
      const list = doc.paths['/limited'].get!;
      expect(list.summary).to.equal('List limited things');
      expect(list.description).to.equal('List limited things');
    });
  });

  it('takes servers, license and contact from the options', async () => {
    const doc = await documentOf({
      openapi: {
        title: 'Notes',
        version: '1',
        servers: [{ url: 'https://api.example.org/v1', description: 'Production' }],
        license: { name: 'MIT', identifier: 'MIT' },
        contact: { name: 'Notes team', email: 'notes@example.org' },
      },
    });
    expect(doc.servers).to.deep.equal([{ url: 'https://api.example.org/v1', description: 'Production' }]);
    expect(doc.info.license).to.deep.equal({ name: 'MIT', identifier: 'MIT' });
    expect(doc.info.contact).to.deep.equal({ name: 'Notes team', email: 'notes@example.org' });
  });

  it('refuses an empty or malformed servers list at createApp', () => {
    const base = { title: 'x', version: '1' };
    expect(() => createApp({ openapi: { ...base, servers: [] } }))
      .to.throw(TrellisError, /openapi\.servers/)
      .with.property('code', 'TRELLIS_ERR_INVALID_OPTION');
    expect(() => createApp({ openapi: { ...base, servers: [{ url: '' }] } })).to.throw(
      TrellisError,
      /openapi\.servers/,
    );
  });
});
