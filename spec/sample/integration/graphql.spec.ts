import { expect } from 'chai';
import request from 'supertest';
import { forEachEngine } from '../../support/engines';
import { type SampleServer, startSample } from '../support/sample-server';

describe('sample /graphql', () => {
  forEachEngine((engine) => {
    let sample: SampleServer;
    const tokens: Record<string, string> = {};
    before(async () => {
      sample = await startSample(engine);
      for (const role of ['manager', 'developer', 'viewer']) tokens[role] = await sample.token(role);
    });
    after(() => sample.close());

    const graphql = (query: string, variables: object = {}, role?: string) => {
      const req = request(sample.url).post('/graphql').send({ query, variables });
      return role ? req.auth(tokens[role], { type: 'bearer' }) : req;
    };
    const codeOf = (res: { body: { errors?: { extensions?: { code?: string } }[] } }) =>
      res.body.errors?.[0]?.extensions?.code;

    it('me: answers the caller', async () => {
      const res = await graphql('{ me { id username email role permissions } }', {}, 'viewer').expect(200);
      expect(res.body.data.me).to.deep.equal({
        id: 5,
        username: 'viewer',
        email: 'viewer@example.com',
        role: 'viewer',
        permissions: ['tasks.read'],
      });
    });

    it('users(page, limit): an offset page for managers, forbidden below', async () => {
      const query =
        'query($page: Int, $limit: Int) { users(page: $page, limit: $limit) { data { id username } meta { total page totalPages } } }';
      const res = await graphql(query, { page: 2, limit: 2 }, 'manager').expect(200);
      expect(res.body.data.users.data).to.deep.equal([
        { id: 3, username: 'team_lead' },
        { id: 4, username: 'developer' },
      ]);
      expect(res.body.data.users.meta).to.deep.equal({ total: 5, page: 2, totalPages: 3 });
      const denied = await graphql(query, {}, 'developer');
      expect(codeOf(denied)).to.equal('ROLE_TOO_LOW');
      expect(denied.body.data?.users ?? null).to.equal(null);
    });

    it('createTask(input) and tasks(limit, cursor): create, then page through them', async () => {
      const create = `mutation($input: CreateTaskInput!) {
        createTask(input: $input) { id title status createdBy { username } }
      }`;
      const titles = ['First', 'Second', 'Third'];
      for (const title of titles) {
        const res = await graphql(create, { input: { title } }, 'developer').expect(200);
        expect(res.body.data.createTask).to.deep.include({
          title,
          status: 'todo',
          createdBy: { username: 'developer' },
        });
      }
      const list =
        'query($limit: Int, $cursor: String) { tasks(limit: $limit, cursor: $cursor) { data { title } meta { hasNext nextCursor } } }';
      const first = await graphql(list, { limit: 2 }, 'viewer').expect(200);
      expect(first.body.data.tasks.meta.hasNext).to.equal(true);
      const second = await graphql(
        list,
        { limit: 2, cursor: first.body.data.tasks.meta.nextCursor },
        'viewer',
      );
      const seen = [...first.body.data.tasks.data, ...second.body.data.tasks.data].map(
        (t: { title: string }) => t.title,
      );
      expect(seen).to.have.members(titles);
      expect(second.body.data.tasks.meta).to.deep.equal({ hasNext: false, nextCursor: null });
    });

    it('createTask: forbidden to a viewer, and invalid input is refused before the resolver runs', async () => {
      const create = 'mutation($input: CreateTaskInput!) { createTask(input: $input) { id } }';
      expect(codeOf(await graphql(create, { input: { title: 'x' } }, 'viewer'))).to.equal(
        'PERMISSION_MISSING',
      );
      const invalid = await graphql(create, { input: { title: 'x'.repeat(201) } }, 'developer');
      expect(invalid.body.errors).to.have.length.greaterThan(0);
      const check = await graphql('{ tasks(limit: 100) { meta { count } } }', {}, 'viewer');
      expect(check.body.data.tasks.meta.count).to.equal(3);
    });

    it('without a token, refuses as unauthenticated', async () => {
      expect(codeOf(await graphql('{ me { id } }'))).to.equal('UNAUTHENTICATED');
    });
  });
});
