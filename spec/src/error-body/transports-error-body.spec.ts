import { expect } from 'chai';
import { z } from 'zod';
import {
  Arg,
  ConflictException,
  createApp,
  ForbiddenException,
  OnConnect,
  OnMessage,
  Query,
  Resolver,
  Subscription,
  WebSocket,
  type WebSocketConnection,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { type Served, serve } from '../../support/serve';
import { postGraphql } from '../graphql/graphql-client';
import { subscribe, subscriptionClient } from '../graphql/subscription-client';
import { refusal, TestClient, wsUrl } from '../websocket/support/ws-client';

const Errors = z.object({ errors: z.object({ body: z.array(z.string()) }) });
const errorBody = {
  schema: Errors,
  build: (error: { message: string }) => ({ errors: { body: [error.message] } }),
};
const errors = (...messages: string[]) => ({ errors: { body: messages } });

@Resolver()
class NamesResolver {
  @Query(z.string())
  name(@Arg('id', z.string().min(3)) id: string): string {
    throw new ConflictException(`Name ${id} already taken`);
  }

  @Subscription(z.string())
  secrets(): AsyncIterable<string> {
    throw new ForbiddenException('Not for you');
  }
}

@WebSocket('/chat')
class ChatGateway {
  @OnMessage(z.object({ text: z.string().min(1) }))
  message(_client: WebSocketConnection, message: { text: string }) {
    if (message.text === 'taken') throw new ConflictException('Ya existe');
    return { echo: message.text };
  }
}

@WebSocket('/closed')
class ClosedGateway {
  @OnConnect()
  connect() {
    throw new ForbiddenException('Closed today');
  }
}

describe('errorBody: GraphQL and WebSocket errors carry the custom body', () => {
  forEachEngine((engine) => {
    let served: Served;
    before(async () => {
      served = await serve(
        createApp({ engine, errorBody, resolvers: [NamesResolver], gateways: [ChatGateway, ClosedGateway] }),
      );
    });
    after(() => served.close());

    it('a GraphQL error over HTTP: extensions hold the body, with code and statusCode', async () => {
      const { body } = await postGraphql(served.url, '{ name(id: "ada") }');
      expect(body.errors?.[0].message).to.equal('Name ada already taken');
      expect(body.errors?.[0].extensions).to.deep.equal({
        ...errors('Name ada already taken'),
        code: 'CONFLICT',
        statusCode: 409,
      });
      const invalid = await postGraphql(served.url, '{ name(id: "a") }');
      const extensions = invalid.body.errors?.[0].extensions as Record<string, unknown>;
      expect(extensions).to.include({ code: 'BAD_USER_INPUT', statusCode: 422 });
      expect(extensions).to.have.all.keys('errors', 'code', 'statusCode');
    });

    it('a GraphQL error over graphql-ws too', async () => {
      const client = subscriptionClient(served.url);
      try {
        const probe = subscribe(client, 'subscription { secrets }');
        // graphql-js answers a failed subscribe as a result with errors, which graphql-ws sends as is.
        const [result] = await probe.take(1);
        const [error] = result.errors as { message: string; extensions: unknown }[];
        expect(error.message).to.equal('Not for you');
        expect(error.extensions).to.deep.equal({
          ...errors('Not for you'),
          code: 'FORBIDDEN',
          statusCode: 403,
        });
      } finally {
        await client.dispose();
      }
    });

    it('a WebSocket error frame is { type: "error", ...body, code }', async () => {
      const client = await TestClient.connect(wsUrl(served.url, '/chat'));
      try {
        expect(await client.ask({ text: 'taken' })).to.deep.equal({
          type: 'error',
          ...errors('Ya existe'),
          code: 'CONFLICT',
        });
        const invalid = await client.ask({ text: '' });
        expect(invalid).to.include({ type: 'error', code: 'BAD_USER_INPUT' });
        expect(invalid).to.have.all.keys('type', 'errors', 'code');
        expect(await client.ask({ text: 'hi' })).to.deep.equal({ echo: 'hi' });
      } finally {
        await client.close();
      }
    });

    it('a refused OnConnect tells why in the body, then closes', async () => {
      const client = await TestClient.connect(wsUrl(served.url, '/closed'));
      expect(await client.next()).to.deep.equal({
        type: 'error',
        ...errors('Closed today'),
        code: 'FORBIDDEN',
      });
      expect((await client.closed).code).to.equal(1008);
    });

    it('a refused upgrade answers the HTTP error with the body', async () => {
      const refused = await refusal(wsUrl(served.url, '/nowhere'));
      expect(refused.status).to.equal(404);
      expect(refused.body).to.deep.equal(errors('No WebSocket gateway at /nowhere'));
    });
  });
});
