import { expect } from 'chai';
import { TestClient, wsUrl } from '../websocket/support/ws-client';

/** A raw graphql-transport-ws connection, acknowledged after a `connection_init` carrying `token`. */
export async function initialisedSocket(httpUrl: string, token?: string): Promise<TestClient> {
  const client = await TestClient.connect(wsUrl(httpUrl, '/graphql'), {}, ['graphql-transport-ws']);
  client.send({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} });
  expect(await client.next()).to.deep.equal({ type: 'connection_ack' });
  return client;
}

let nextId = 0;

/** Asserts the connection still serves: a query over it gets its answer. */
export async function answersQueries(client: TestClient): Promise<void> {
  const id = `q${++nextId}`;
  client.send({ type: 'subscribe', id, payload: { query: '{ ping }' } });
  expect(await client.next()).to.deep.equal({ type: 'next', id, payload: { data: { ping: 'pong' } } });
  expect(await client.next()).to.deep.equal({ type: 'complete', id });
}
