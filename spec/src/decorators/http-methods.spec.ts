import { expect } from 'chai';
import request from 'supertest';
import { All, Controller, createApp, Delete, Get, Patch, Post, Put } from '../../../src';
import { metadataRegistry } from '../../../src/kernel/metadata/registry';
import { HTTP_ROUTE } from '../../../src/routing/route-metadata';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';

@Controller('/verbs')
class VerbsController {
  @Get()
  get() {
    return { verb: 'get' };
  }

  @Post()
  post() {
    return { verb: 'post' };
  }

  @Put()
  put() {
    return { verb: 'put' };
  }

  @Patch()
  patch() {
    return { verb: 'patch' };
  }

  @Delete()
  delete() {
    return { verb: 'delete' };
  }
}

@Controller('/anything')
class AnythingController {
  @All('/:id')
  any() {
    return { any: true };
  }
}

describe('Get/Post/Put/Delete/Patch/All', () => {
  it('record the verb and the path of the method', () => {
    const methods = metadataRegistry.find(VerbsController)!.methods;
    expect(methods.get('get')?.get(HTTP_ROUTE)).to.deep.equal({ method: 'GET', path: '' });
    expect(methods.get('delete')?.get(HTTP_ROUTE)).to.deep.equal({ method: 'DELETE', path: '' });
    expect(metadataRegistry.find(AnythingController)!.methods.get('any')?.get(HTTP_ROUTE)).to.deep.equal({
      method: 'ALL',
      path: '/:id',
    });
  });

  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(createApp({ engine, controllers: [VerbsController, AnythingController] }));
    });
    after(() => served.close());

    it('when each verb is requested, its own handler answers', async () => {
      const agent = request(served.url);
      await agent.get('/verbs').expect(200, { verb: 'get' });
      await agent.post('/verbs').expect(201, { verb: 'post' });
      await agent.put('/verbs').expect(200, { verb: 'put' });
      await agent.patch('/verbs').expect(200, { verb: 'patch' });
      await agent.delete('/verbs').expect(200, { verb: 'delete' });
    });

    it('when a verb has no handler on a path, it is a 405 listing those that have one', async () => {
      const res = await request(served.url).options('/verbs').expect(405);
      expect(res.headers.allow).to.be.a('string').that.does.not.include('OPTIONS');
      await request(served.url).get('/verbs/extra').expect(404);
    });

    it('when a route is All, every verb reaches it', async () => {
      const agent = request(served.url);
      for (const verb of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        const res = await agent[verb]('/anything/7');
        // 201 is the default of Post only; All answers 200 for every verb.
        expect(res.status, verb).to.equal(200);
        expect(res.body, verb).to.deep.equal({ any: true });
      }
    });

    it('when HEAD is sent to a GET route, it answers with headers and no body', async () => {
      const res = await request(served.url).head('/verbs').expect(200);
      expect(res.headers['content-type']).to.match(/application\/json/);
      expect(res.text ?? '').to.equal('');
    });
  });
});
