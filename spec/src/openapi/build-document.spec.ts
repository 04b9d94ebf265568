import { expect } from 'chai';
import { z } from 'zod';
import { buildOpenApiDocument, Controller, createApp, Get, type OpenApiDocument, Query } from '../../../src';
import { expectThrowsCode } from '../../support/expect-code';
import { buildShop } from './support/build-shop';
import { validateOpenApi } from './support/validate-openapi';

const OPTIONS = { title: 'Shop', version: '2.0.0', description: 'Everything for sale' };

async function shopDocument(): Promise<OpenApiDocument> {
  const app = buildShop();
  await app.ready();
  return buildOpenApiDocument(app.routes, OPTIONS);
}

function parametersOf(
  doc: OpenApiDocument,
  path: string,
  method: 'get' | 'post' | 'put' | 'delete' | 'patch',
) {
  return doc.paths[path]?.[method]?.parameters ?? [];
}

describe('buildOpenApiDocument()', () => {
  let doc: OpenApiDocument;
  before(async () => {
    doc = await shopDocument();
  });

  it('is an OpenAPI 3.1 document with the given title, version and description', () => {
    expect(doc.openapi).to.equal('3.1.0');
    expect(doc.info).to.deep.equal(OPTIONS);
  });

  it('documents every route under its OpenAPI path, and nothing else', () => {
    expect(Object.keys(doc.paths)).to.have.members([
      '/products',
      '/products/{productId}',
      '/customers',
      '/customers/{customerId}',
      '/customers/{customerId}/orders/{orderId}',
      '/orders',
      '/orders/{orderId}/lines/{lineId}',
      '/categories',
      '/categories/{slug}/outline',
      '/health',
    ]);
    expect(Object.keys(doc.paths['/products/{productId}'])).to.have.members(['get', 'put', 'delete']);
  });

  it('documents an All() route under every verb, each with its own operationId', () => {
    const health = doc.paths['/health'];
    expect(Object.keys(health)).to.have.members(['get', 'post', 'put', 'patch', 'delete']);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(new Set(ids).size).to.equal(ids.length);
    expect(health.get?.operationId).to.equal('Health_health_get');
  });

  describe('tags', () => {
    it("tags each operation with its controller's name, without 'Controller'", () => {
      expect(doc.paths['/orders'].post?.tags).to.deep.equal(['Orders']);
      expect(doc.tags.map((tag) => tag.name)).to.deep.equal([
        'Products',
        'Customers',
        'Orders',
        'Categories',
        'Health',
      ]);
    });

    it("describes a tag with the controller's Description", () => {
      expect(doc.tags[0]).to.deep.equal({ name: 'Products', description: 'The catalog' });
    });
  });

  it('copies Summary and Description onto the operation', () => {
    const create = doc.paths['/products'].post!;
    expect(create.summary).to.equal('Add a product');
    expect(create.description).to.match(/^The product is visible at once\./);
    expect(doc.paths['/products'].get?.summary).to.equal('List products');
  });

  describe('parameters', () => {
    it('spreads a Query object schema into one query parameter per property', () => {
      const byName = Object.fromEntries(parametersOf(doc, '/products', 'get').map((p) => [p.name, p]));
      expect(Object.keys(byName)).to.deep.equal(['page', 'limit', 'q', 'sort']);
      expect(byName.page).to.deep.include({
        in: 'query',
        required: false,
        description: 'Page number, from 1',
      });
      expect(byName.page.schema).to.deep.include({ type: 'integer', minimum: 1, default: 1 });
      expect(byName.sort.schema).to.deep.equal({ type: 'string', enum: ['name', 'price'] });
    });

    it('documents a query schema that is no plain object as one free-form parameter', () => {
      expect(parametersOf(doc, '/categories', 'get')).to.deep.equal([
        {
          name: 'query',
          in: 'query',
          required: false,
          style: 'form',
          explode: true,
          schema: {
            type: 'object',
            propertyNames: { type: 'string' },
            additionalProperties: { type: 'string' },
          },
        },
      ]);
    });

    it('documents a Param with its schema, required', () => {
      expect(parametersOf(doc, '/products/{productId}', 'get')).to.deep.equal([
        {
          name: 'productId',
          in: 'path',
          required: true,
          schema: { type: 'integer', exclusiveMinimum: 0, maximum: Number.MAX_SAFE_INTEGER },
        },
      ]);
    });

    it('documents a Param without a schema as a string', () => {
      expect(parametersOf(doc, '/products/{productId}', 'delete')).to.deep.equal([
        { name: 'productId', in: 'path', required: true, schema: { type: 'string' } },
      ]);
    });

    it('spreads an unnamed Param object schema into the path parameters', () => {
      const params = parametersOf(doc, '/customers/{customerId}/orders/{orderId}', 'get');
      expect(params.map((p) => [p.name, p.in, p.required])).to.deep.equal([
        ['customerId', 'path', true],
        ['orderId', 'path', true],
      ]);
      expect(params[0].schema).to.include({ type: 'string', format: 'uuid' });
      expect(params[1].schema).to.include({ type: 'integer' });
    });

    it('declares path parameters no decorator reads, as required strings', () => {
      expect(parametersOf(doc, '/orders/{orderId}/lines/{lineId}', 'get')).to.deep.equal([
        { name: 'orderId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'lineId', in: 'path', required: true, schema: { type: 'string' } },
      ]);
    });

    it('documents headers, required unless their schema is optional', () => {
      expect(parametersOf(doc, '/orders', 'post')).to.deep.equal([
        { name: 'idempotency-key', in: 'header', required: true, schema: { type: 'string', minLength: 8 } },
      ]);
      const [requestId] = parametersOf(doc, '/customers', 'post');
      expect(requestId).to.deep.include({ name: 'X-Request-Id', in: 'header', required: false });
    });

    it('documents cookies', () => {
      expect(parametersOf(doc, '/customers/{customerId}', 'get')).to.deep.include({
        name: 'session',
        in: 'cookie',
        required: false,
        schema: { type: 'string' },
      });
    });
  });

  describe('request bodies and shared schemas', () => {
    it('references a Body schema with a meta id from components', () => {
      expect(doc.paths['/customers'].post?.requestBody).to.deep.equal({
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Customer' } } },
      });
    });

    it('references nested shared schemas too, and stores each once', () => {
      const { schemas } = doc.components;
      expect(schemas.Customer.properties).to.deep.include({
        billing: { $ref: '#/components/schemas/Address' },
        shipping: { $ref: '#/components/schemas/Address' },
      });
      expect((schemas.NewOrder.properties as Record<string, unknown>).shipTo).to.deep.equal({
        $ref: '#/components/schemas/Address',
      });
      expect(schemas.Address).to.deep.include({
        description: 'A postal address',
        required: ['street', 'city', 'zip'],
      });
    });

    it('inlines a body schema without an id', () => {
      const schema = doc.paths['/products/{productId}'].put?.requestBody?.content['application/json'].schema;
      expect(schema).to.include({ type: 'object' });
      expect(schema).not.to.have.property('$ref');
      expect(schema).not.to.have.property('required');
    });

    it('references a recursive shared schema from itself', () => {
      const children = (doc.components.schemas.Category.properties as Record<string, Record<string, unknown>>)
        .children;
      expect(children.items).to.deep.equal({ $ref: '#/components/schemas/Category' });
    });

    it('names a recursive body schema without an id after its operation', () => {
      const schema =
        doc.paths['/categories/{slug}/outline'].patch?.requestBody?.content['application/json'].schema;
      expect(schema).to.deep.equal({ $ref: '#/components/schemas/Categories_outline_body' });
    });

    it('documents the error bodies once, from their zod schemas', () => {
      const { Error: error, ValidationError } = doc.components.schemas;
      expect(error.required).to.deep.equal(['statusCode', 'error', 'message', 'code']);
      expect(ValidationError.required).to.deep.equal(['statusCode', 'error', 'message', 'code', 'details']);
      const details = (ValidationError.properties as Record<string, Record<string, Record<string, unknown>>>)
        .details;
      expect(details.items.required).to.deep.equal(['path', 'message', 'code']);
    });
  });

  describe('responses', () => {
    const statuses = (path: string, method: 'get' | 'post' | 'put' | 'delete') =>
      Object.keys(doc.paths[path][method]!.responses);

    it('answers 201 to a POST and 200 otherwise', () => {
      expect(statuses('/orders', 'post')).to.include('201').and.not.include('200');
      expect(statuses('/orders/{orderId}/lines/{lineId}', 'get')).to.include('200');
    });

    it('documents 422 with the validation error body on routes with validated inputs, and 500 everywhere', () => {
      expect(statuses('/products', 'get')).to.deep.equal(['200', '204', '422', '500']);
      expect(statuses('/orders/{orderId}/lines/{lineId}', 'get')).to.deep.equal(['200', '204', '404', '500']);
      expect(doc.paths['/products'].get?.responses['422']).to.deep.equal({
        $ref: '#/components/responses/ValidationFailed',
      });
      expect(doc.components.responses.ValidationFailed).to.deep.include({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } },
      });
    });

    it('documents 400, 413 and 415 on routes with a body', () => {
      expect(statuses('/orders', 'post')).to.deep.equal(['201', '204', '400', '413', '415', '422', '500']);
    });

    it('gives every error response the shared error body', () => {
      for (const name of [
        'BadRequest',
        'Unauthorized',
        'Forbidden',
        'PayloadTooLarge',
        'InternalServerError',
      ])
        expect(doc.components.responses[name], name).to.deep.include({
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        });
    });
  });

  describe('guards', () => {
    it('marks unguarded routes public (empty security) without 401', () => {
      expect(doc.paths['/products'].get?.security).to.deep.equal([]);
      expect(doc.paths['/products'].get?.responses).not.to.have.property('401');
    });

    it('puts bearer security and 401 on routes of a controller with Auth()', () => {
      const one = doc.paths['/customers/{customerId}'].get!;
      expect(one.security).to.deep.equal([{ bearerAuth: [] }]);
      expect(Object.keys(one.responses)).to.deep.equal(['200', '204', '401', '404', '500']);
      expect(doc.components.securitySchemes).to.deep.equal({
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      });
    });

    it('adds 403 on rbac routes and names the role and permissions in the description', () => {
      const remove = doc.paths['/products/{productId}'].delete!;
      expect(remove.security).to.deep.equal([{ bearerAuth: [] }]);
      expect(Object.keys(remove.responses)).to.deep.equal(['200', '204', '401', '403', '404', '500']);
      expect(remove.summary).to.equal('Remove');
      expect(remove.description).to.equal(
        "Remove\n\nRequires the permissions 'products:delete', 'products:write'.\n\nRequires the role 'admin' or higher.",
      );
      expect(doc.paths['/products'].post?.description).to.equal(
        "The product is visible at once.\n\nRequires the permission 'products:write'.",
      );
    });
  });

  describe('when no route is guarded', () => {
    it('declares no security scheme', async () => {
      @Controller('/open')
      class OpenController {
        @Get()
        open() {
          return {};
        }
      }
      const app = createApp({ controllers: [OpenController] });
      await app.ready();
      const open = buildOpenApiDocument(app.routes, { title: 'Open', version: '1' });
      expect(open.components).not.to.have.property('securitySchemes');
      expect(open.info).to.deep.equal({ title: 'Open', version: '1' });
    });
  });

  describe('when the app has no routes', () => {
    it('still builds a document the OpenAPI validator accepts', async () => {
      const empty = buildOpenApiDocument([], { title: 'Empty', version: '0.0.1' });
      expect(empty.paths).to.deep.equal({});
      const { valid, errors } = await validateOpenApi(empty);
      expect(valid, errors).to.equal(true);
    });
  });

  describe('when two different schemas share a meta id', () => {
    it('refuses to build, naming the id', async () => {
      @Controller('/twins')
      class TwinsController {
        @Get('/a')
        a(@Query(z.object({ a: z.string() }).meta({ id: 'SpecTwinQuery' })) query: object) {
          return query;
        }

        @Get('/b')
        b(@Query(z.object({ b: z.string() }).meta({ id: 'SpecTwinQuery' })) query: object) {
          return query;
        }
      }
      const app = createApp({ controllers: [TwinsController], openapi: false });
      await app.ready();
      const error = expectThrowsCode(
        () => buildOpenApiDocument(app.routes, OPTIONS),
        'TRELLIS_ERR_OPENAPI_SCHEMA_NAME_TAKEN',
      );
      expect(error.message).to.include("'SpecTwinQuery'");
    });
  });
});
