import { expect } from 'chai';
import { Controller, createApp, Description, Get, Summary } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';

@Controller('/documents')
@Description('Everything about documents')
class DocumentedController {
  @Get()
  @Summary('List documents')
  @Description('Newest first, ten per page')
  list() {
    return [];
  }

  @Get('/plain')
  plain() {
    return [];
  }
}

describe('Summary() and Description()', () => {
  it('record the summary and description of a method', () => {
    const method = metadataRegistry.find(DocumentedController)!.methods.get('list')!;
    expect(method.summary).to.equal('List documents');
    expect(method.description).to.equal('Newest first, ten per page');
  });

  it('record the description of a class', () => {
    expect(metadataRegistry.find(DocumentedController)!.description).to.equal('Everything about documents');
  });

  it('leave undocumented methods without text', () => {
    const method = metadataRegistry.find(DocumentedController)!.methods.get('plain')!;
    expect(method.summary).to.equal(undefined);
    expect(method.description).to.equal(undefined);
  });

  it('reach the compiled routes, where documentation generators read them', async () => {
    const app = createApp({ controllers: [DocumentedController] });
    await app.ready();
    const route = app.routes.find((r) => r.path === '/documents')!;
    expect(route.handler.summary).to.equal('List documents');
    expect(route.controller.description).to.equal('Everything about documents');
    await app.close();
  });
});
