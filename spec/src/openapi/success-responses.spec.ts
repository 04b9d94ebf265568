import { expect } from 'chai';
import { z } from 'zod';
import { Controller, createApp, Delete, Get, HttpCode, Param, Returns } from '../../../src';
import { walkDocumentedSuccesses } from '../../support/documented-successes';
import { forEachEngine } from '../../support/engines';

@Controller('/notes')
class NotesController {
  @Delete('/:id')
  @HttpCode(204)
  remove(@Param('id') _id: string) {}

  @Delete('/soft/:id')
  softRemove(@Param('id') _id: string) {
    return undefined;
  }

  @Get('/count')
  count() {
    return { count: 1 };
  }

  @Get('/typed')
  @Returns(z.object({ count: z.number() }))
  typed() {
    return { count: 2 };
  }
}

describe('OpenAPI: the success answers documented are those served', () => {
  forEachEngine((engine) => {
    it('documents HttpCode(204) without content, 204 beside the status of a route without Returns, and a Returns route by its status alone', async () => {
      const app = createApp({ engine, controllers: [NotesController] });
      try {
        const report = await walkDocumentedSuccesses(app, [
          { operation: 'DELETE /notes/{id}', request: () => ({ method: 'DELETE', url: '/notes/1' }) },
          {
            operation: 'DELETE /notes/soft/{id}',
            request: () => ({ method: 'DELETE', url: '/notes/soft/1' }),
          },
          { operation: 'GET /notes/count', request: () => ({ method: 'GET', url: '/notes/count' }) },
          { operation: 'GET /notes/typed', request: () => ({ method: 'GET', url: '/notes/typed' }) },
        ]);
        expect(report.walked).to.deep.equal(report.documented);
        expect(report.mismatches).to.deep.equal([]);
        const { paths } = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
        const success = (path: string, method: string) =>
          Object.fromEntries(
            Object.entries(paths[path][method].responses).filter(([status]) => status < '300'),
          );
        expect(success('/notes/{id}', 'delete')).to.deep.equal({ 204: { description: 'No Content' } });
        expect(Object.keys(success('/notes/soft/{id}', 'delete'))).to.deep.equal(['200', '204']);
        expect(success('/notes/count', 'get')[204]).to.deep.equal({
          description: 'No Content: when the handler returns nothing',
        });
        expect(Object.keys(success('/notes/typed', 'get'))).to.deep.equal(['200']);
      } finally {
        await app.close();
      }
    });
  });
});
