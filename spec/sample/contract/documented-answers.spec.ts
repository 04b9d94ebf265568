import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema: object }>; $ref?: string }>;
}
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, object>;
    responses: Record<string, { content?: Record<string, { schema: object }> }>;
  };
};

// The failure cases every route is walked through, each a request that should be refused somehow.
interface Attempt {
  name: string;
  token?: 'viewer' | 'developer' | 'manager';
  /** Path parameters: an id of the wrong shape or that names nothing. */
  id: string;
  query?: string;
  body?: string | object;
  contentType?: string;
}

const ATTEMPTS: Attempt[] = [
  { name: 'no token', id: '1' },
  { name: 'a bad token', id: '1', token: undefined },
  { name: 'a caller without the right', id: '1', token: 'viewer' },
  { name: 'an id that names nothing', id: '999999', token: 'manager' },
  { name: 'an id of the wrong shape', id: 'not-an-id', token: 'manager' },
  { name: 'a query out of range', id: '1', token: 'manager', query: 'limit=100000&page=0' },
  { name: 'a tampered cursor', id: '1', token: 'manager', query: 'cursor=AAAA' },
  { name: 'malformed JSON', id: '1', token: 'manager', body: '{"a":', contentType: 'application/json' },
  { name: 'a body that is not JSON', id: '1', token: 'manager', body: 'x=1', contentType: 'text/plain' },
  { name: 'an empty object body', id: '1', token: 'manager', body: {} },
  { name: 'deleting oneself', id: '2', token: 'manager' },
];

const SKIPPED = new Set(['/docs', '/openapi.json', '/graphql', '/health/live']);

describe('sample: every answer to a failure case is one the OpenAPI document lists, with a body its schema accepts', function () {
  this.timeout(120_000);
  forEachEngine((engine) => {
    let sample: SampleServer;
    let doc: Document;
    let tokens: Record<string, string>;
    // Fresh tokens for every operation: the walk logs out and changes roles on its way.
    const logIn = async () => {
      tokens = {
        viewer: await sample.token('viewer'),
        developer: await sample.token('developer'),
        manager: await sample.token('manager'),
      };
    };
    before(async () => {
      sample = await startSample(engine);
      doc = (await request(sample.url).get('/openapi.json').expect(200)).body;
    });
    after(() => sample.close());

    it('finds no status and no body the document does not list', async () => {
      const ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema({ $id: 'doc', components: doc.components });
      const undocumented: string[] = [];
      const seen = new Set<number>();
      let answers = 0;
      for (const [template, operations] of Object.entries(doc.paths)) {
        if (SKIPPED.has(template)) continue;
        for (const [method, operation] of Object.entries(operations)) {
          await logIn();
          for (const attempt of ATTEMPTS) {
            const path = template.replace(/\{[^}]+\}/g, attempt.id);
            const url = attempt.query ? `${path}?${attempt.query}` : path;
            let call = request(sample.url)[method as 'get'](url);
            if (attempt.token) call = call.auth(tokens[attempt.token], { type: 'bearer' });
            else if (attempt.name === 'a bad token') call = call.auth('not.a.token', { type: 'bearer' });
            if (attempt.body !== undefined && operation.requestBody) {
              if (attempt.contentType) call = call.set('content-type', attempt.contentType);
              call = call.send(attempt.body);
            }
            const res = await call;
            answers++;
            seen.add(res.status);
            const where = `${method.toUpperCase()} ${url} (${attempt.name}) -> ${res.status}`;
            let response = operation.responses[String(res.status)];
            if (!response) {
              undocumented.push(`${where}: status not listed`);
              continue;
            }
            if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop()!];
            const schema = response.content?.['application/json']?.schema;
            if (!schema || res.status === 204 || method === 'head') continue;
            const rewritten = JSON.parse(
              JSON.stringify(schema).replaceAll('"#/components', '"doc#/components'),
            );
            const validate = ajv.compile(rewritten);
            if (!validate(res.body)) undocumented.push(`${where}: body ${ajv.errorsText(validate.errors)}`);
          }
        }
      }
      expect(answers).to.be.greaterThan(100);
      expect([...seen]).to.include.members([400, 401, 403, 404, 415, 422]);
      expect(undocumented).to.deep.equal([]);
    });
  });
});
