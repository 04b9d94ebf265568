/** The links of the sample's home page, relative so they also work behind a prefixing proxy. */
export function homePage(ide: boolean): string {
  const links = [
    '<li><a href="docs">API docs</a> (Swagger UI; the document is <a href="openapi.json">openapi.json</a>)</li>',
    ide
      ? '<li><a href="graphql">GraphQL IDE</a> (GraphiQL)</li>'
      : '<li>GraphQL at <code>/graphql</code> (the IDE is off in production)</li>',
    '<li><a href="health">Health</a></li>',
  ];
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Trellis sample</title>
    <style>body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem; }</style>
  </head>
  <body>
    <h1>Trellis sample</h1>
    <p>Log in with <code>POST /auth/login</code> as a demo user (admin, manager, team_lead, developer, viewer).</p>
    <ul>
      ${links.join('\n      ')}
    </ul>
  </body>
</html>
`;
}
