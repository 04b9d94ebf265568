import { Readable } from 'node:stream';
import { expect } from 'chai';
import { z } from 'zod';
import { buildOpenApiDocument, Controller, createApp, Get, Post } from '../../../src';
import { Produces } from '../../../src/downloads/produces-decorator';
import { StreamableFile } from '../../../src/downloads/streamable-file';
import { Sse } from '../../../src/sse/sse-decorators';
import { FormFields, UploadedFile, UploadedFiles } from '../../../src/uploads/upload-decorators';
import { validateOpenApi } from './support/validate-openapi';

const Meta = z.object({ title: z.string() });

@Controller('/media')
class MediaController {
  @Post()
  upload(
    @UploadedFile('cover') _cover: UploadedFile,
    @UploadedFiles('pages') _pages: UploadedFile[],
    @FormFields(Meta) _meta: z.infer<typeof Meta>,
  ) {}

  @Sse('/events')
  events() {
    return [];
  }

  @Get('/file')
  @Produces('image/png')
  file() {
    return new StreamableFile(Readable.from([]));
  }
}

describe('OpenAPI: uploads and server-sent events', () => {
  it('describes a multipart/form-data body: files as binary, text fields by their schema, and 413/415/422', async () => {
    const app = createApp({ controllers: [MediaController] });
    await app.ready();
    const doc = buildOpenApiDocument(app.routes, { title: 'Media', version: '1' });
    const post = doc.paths['/media'].post;
    const schema = post?.requestBody?.content['multipart/form-data'].schema as {
      allOf: Record<string, unknown>[];
    };
    expect(schema.allOf[0]).to.include({ type: 'object' });
    expect(schema.allOf[1]).to.deep.equal({
      type: 'object',
      properties: {
        cover: { type: 'string', contentMediaType: 'application/octet-stream' },
        pages: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } },
      },
      required: ['cover'],
    });
    expect(Object.keys(post?.responses ?? {})).to.include.members(['413', '415', '422']);
    const events = doc.paths['/media/events'].get?.responses['200'] as { content: Record<string, unknown> };
    expect(Object.keys(events.content)).to.deep.equal(['text/event-stream']);
    const file = doc.paths['/media/file'].get?.responses['200'] as { content: Record<string, unknown> };
    expect(file.content).to.deep.equal({
      'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } },
    });
    await validateOpenApi(doc);
  });
});
