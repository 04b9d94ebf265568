// Bare node:http, the floor: `GET /items` only, the list sent with JSON.stringify; what a
// framework adds on top is measured against this one (server CPU per request).
import { createServer } from 'node:http';
import { announce, HOST, ITEMS, PORT } from './fixtures';

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/items') {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(ITEMS));
    return;
  }
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Not Found' }));
});

server.listen(PORT, HOST, () => announce((server.address() as { port: number }).port));
