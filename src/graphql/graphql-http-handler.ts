import type { NodeHandler } from '../engine/engine';
import { jsonBodyReader } from '../engine/json-body-reader';
import type { answerWithApollo as AnswerWithApollo } from './apollo-http';
import type { ApolloLoader } from './apollo-loader';
import type { IdePage } from './ide/graphiql-or-notice';
import type { GraphiqlIde } from './ide/serve-graphiql';

/**
 * The GraphQL endpoint on either engine: browsers get the IDE when it is on; any other request
 * has its JSON body read as on routes (malformed 400, too large 413, not JSON 415) and goes to
 * Apollo with the engine's request context, which gets its own request scope. Apollo is loaded
 * and started by the first GraphQL request.
 */
export function graphqlHttpHandler(apollo: ApolloLoader, bodyLimit: string, ide?: IdePage): NodeHandler {
  const readBody = jsonBodyReader(bodyLimit);
  let answer: typeof AnswerWithApollo | undefined;
  return (req, res, next, ctx) => {
    if (ide?.page(req, res, next)) return;
    readBody(req, res, (err, body) => {
      if (err) {
        next(err);
        return;
      }
      ctx.body = body;
      apollo
        .server()
        .then((server) => {
          answer ??= require('./apollo-http').answerWithApollo as typeof AnswerWithApollo;
          return answer(server, req, res, body, ctx);
        })
        .catch(next);
    });
  };
}

/** The files the IDE's page loads, by name (`/graphql/ide/:name`). */
export function graphiqlFilesHandler(ide: GraphiqlIde): NodeHandler {
  return (_req, res, next, ctx) => ide.file(ctx.params.name, res, next);
}
