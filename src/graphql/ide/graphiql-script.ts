/**
 * The IDE's start-up script, a file of its own so the page needs no inline script (its
 * Content-Security-Policy allows none). The endpoint is the page's own path, found from the
 * script's URL (`<path>/ide/graphiql.js`), so the page also works behind a proxy that adds a
 * prefix. Queries and mutations go over HTTP; subscriptions over graphql-ws on the same path,
 * with the Authorization header of the Headers tab sent in `connection_init`.
 */
export const GRAPHIQL_SCRIPT = `(function () {
  'use strict';
  var endpoint = new URL('..', document.currentScript.src).href.replace(/\\/$/, '');
  var socketUrl = endpoint.replace(/^http/, 'ws');
  var overHttp = GraphiQL.createFetcher({ url: endpoint });
  var socket;
  var socketAuthorization;

  function authorizationOf(headers) {
    for (var name in headers || {}) if (name.toLowerCase() === 'authorization') return String(headers[name]);
    return undefined;
  }

  // One socket per Authorization value: a new token opens a new connection.
  function socketFor(headers) {
    var authorization = authorizationOf(headers);
    if (!socket || authorization !== socketAuthorization) {
      if (socket) socket.dispose();
      socketAuthorization = authorization;
      socket = graphqlWs.createClient({
        url: socketUrl,
        connectionParams: authorization ? { authorization: authorization } : {},
      });
    }
    return socket;
  }

  function isSubscription(params, options) {
    var document = options && options.documentAST;
    if (!document) return false;
    return document.definitions.some(function (definition) {
      return (
        definition.kind === 'OperationDefinition' &&
        definition.operation === 'subscription' &&
        (!params.operationName || (definition.name && definition.name.value === params.operationName))
      );
    });
  }

  function fetcher(params, options) {
    if (!isSubscription(params, options)) return overHttp(params, options);
    if (typeof graphqlWs === 'undefined')
      throw new Error('Subscriptions need the graphql-ws package installed beside the server.');
    var client = socketFor(options.headers);
    return {
      subscribe: function (sink) {
        var stop = client.subscribe(params, sink);
        return { unsubscribe: stop };
      },
    };
  }

  var defaultQuery = [
    '# Operations needing a login: POST /auth/login, then in Headers below:',
    '# { "Authorization": "Bearer <accessToken>" }',
    '',
    '{',
    '  __typename',
    '}',
    '',
  ].join('\\n');

  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultQuery: defaultQuery,
      defaultEditorToolsVisibility: 'headers',
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: false,
    }),
  );
})();
`;
