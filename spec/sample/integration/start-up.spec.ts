import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';
import WebSocket from 'ws';
import { forEachEngine } from '../../support/engines';
import { DEMO_PASSWORD } from '../support/sample-env';

const CHILD = join(__dirname, '..', 'support', 'module-report-child.js');
// What the first answer does not need: each is loaded by the first request that does.
const DEFERRED = ['@apollo/server', 'jsonwebtoken', 'express-rate-limit', 'ws'];

type Report = Record<string, boolean>;

async function reply<T>(child: ChildProcess): Promise<T> {
  const [message] = (await once(child, 'message')) as [T];
  return message;
}

describe('sample start-up: what loads when', () => {
  forEachEngine((engine) => {
    let child: ChildProcess | undefined;
    afterEach(async () => {
      if (child?.connected) child.disconnect();
      if (child && child.exitCode === null) await once(child, 'exit');
      child = undefined;
    });

    it('serves before Apollo, jsonwebtoken, express-rate-limit and ws are loaded; each comes with its first use', async () => {
      child = fork(CHILD, [], { env: { ...process.env, TRELLIS_ENGINE: engine }, stdio: 'ignore' });
      const { port } = await reply<{ port: number }>(child);
      const url = `http://127.0.0.1:${port}`;
      const report = async () => {
        child!.send(DEFERRED);
        return reply<Report>(child!);
      };
      const none = { '@apollo/server': false, jsonwebtoken: false, 'express-rate-limit': false, ws: false };

      await request(url).get('/health').expect(200);
      expect(await report()).to.deep.equal(none);

      // A login is rate-limited and signs tokens.
      const login = await request(url)
        .post('/auth/login')
        .send({ username: 'admin', password: DEMO_PASSWORD })
        .expect(200);
      expect(await report()).to.deep.equal({ ...none, jsonwebtoken: true, 'express-rate-limit': true });

      const token: string = login.body.accessToken;
      const graphql = await request(url)
        .post('/graphql')
        .set('Authorization', `Bearer ${token}`)
        .send({ query: '{ me { username } }' })
        .expect(200);
      expect(graphql.body).to.deep.equal({ data: { me: { username: 'admin' } } });
      expect((await report())['@apollo/server']).to.equal(true);

      const socket = new WebSocket(`${url.replace('http', 'ws')}/chat?token=${token}`);
      await once(socket, 'open');
      socket.close();
      expect((await report()).ws).to.equal(true);
    });
  });
});
