import { expect } from 'chai';
import { toOpenApiPath } from '../../../src/openapi/openapi-path';

describe('toOpenApiPath()', () => {
  it('turns Express parameters into OpenAPI templates, in order', () => {
    expect(toOpenApiPath('/users/:userId/posts/:postId')).to.deep.equal({
      path: '/users/{userId}/posts/{postId}',
      params: ['userId', 'postId'],
    });
  });

  it('turns a named wildcard into a template', () => {
    expect(toOpenApiPath('/files/*rest')).to.deep.equal({ path: '/files/{rest}', params: ['rest'] });
  });

  it('leaves a path without parameters as it is', () => {
    expect(toOpenApiPath('/health')).to.deep.equal({ path: '/health', params: [] });
  });
});
