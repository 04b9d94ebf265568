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

  // The operation's kind from the text being run: GraphiQL's parsed document can lag behind an
  // edit. Only top-level keywords count; comments and strings are left out first.
  function isSubscription(params) {
    var text = String(params.query || '').replace(/"""[\\s\\S]*?"""|"(?:\\\\.|[^"\\\\])*"|#[^\\n]*/g, ' ');
    var depth = 0;
    var operations = [];
    var pending = null;
    var token = /[{}]|[_A-Za-z][_0-9A-Za-z]*/g;
    var match;
    while ((match = token.exec(text))) {
      var word = match[0];
      if (word === '{') {
        if (depth === 0 && !pending) operations.push({ kind: 'query' });
        pending = null;
        depth++;
      } else if (word === '}') depth--;
      else if (depth === 0 && (word === 'query' || word === 'mutation' || word === 'subscription')) {
        pending = { kind: word };
        operations.push(pending);
      } else if (depth === 0 && word === 'fragment') {
        pending = { kind: 'fragment' };
      } else if (depth === 0 && pending && !pending.name) pending.name = word;
    }
    var chosen = operations.filter(function (operation) {
      return operation.kind !== 'fragment' && (!params.operationName || operation.name === params.operationName);
    })[0];
    return Boolean(chosen) && chosen.kind === 'subscription';
  }

  function fetcher(params, options) {
    if (!isSubscription(params)) return overHttp(params, options);
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
