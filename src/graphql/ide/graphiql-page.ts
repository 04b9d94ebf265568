/** The IDE's HTML (with graphql-ws's client when `subscriptions`); `base` makes file links relative, so it also works behind a proxy that adds a prefix. */
export function graphiqlPage(base: string, subscriptions: boolean): Buffer {
  const socketClient = subscriptions ? `\n    <script src="${base}graphql-ws.min.js"></script>` : '';
  return Buffer.from(`<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>GraphiQL</title>
    <link rel="icon" href="data:," />
    <style>body { margin: 0; } #graphiql { height: 100vh; }</style>
    <link rel="stylesheet" href="${base}graphiql.min.css" />
  </head>
  <body>
    <div id="graphiql">Loading GraphiQL...</div>
    <script src="${base}react.production.min.js"></script>
    <script src="${base}react-dom.production.min.js"></script>
    <script src="${base}graphiql.min.js"></script>${socketClient}
    <script src="${base}graphiql.js"></script>
  </body>
</html>
`);
}
