'use strict';
// Writes one generated application per stack, of `controllers` controllers holding `routes`
// routes between them and (Trellis) `providers` injectable classes in a layered graph: each
// provider needs up to two of the layer before, each controller three providers. Every route
// validates a path parameter (GET) or a body (POST) with zod, as an application's routes do.
const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

function shape({ controllers, routes, providers }) {
  const perController = Math.ceil(routes / controllers);
  const list = [];
  for (let c = 0; c < controllers; c++)
    for (let r = 0; r < perController && list.length < routes; r++)
      list.push({ controller: c, route: r, method: r % 2 === 0 ? 'GET' : 'POST', path: `/c${c}/r${r}` });
  return { list, providers, controllers };
}

function trellisApp(config) {
  const { list, providers, controllers } = shape(config);
  const lines = [
    "'use strict';",
    `const trellis = require(${JSON.stringify(path.join(ROOT, 'dist', 'index.js'))});`,
    "const { z } = require('zod');",
    'const { Controller, Get, Post, Param, Body, Injectable, createApp } = trellis;',
    "const paramtypes = (types) => Reflect.metadata('design:paramtypes', types);",
    'const ID = z.coerce.number().int();',
    'const BODY = z.object({ name: z.string().min(1), count: z.number().int().optional() });',
    'const P = [];',
    `for (let i = 0; i < ${providers}; i++) {`,
    '  const needs = i < 20 ? [] : [P[i - 20], P[(i * 7) % (i - 10)]];',
    '  const Provider = { [`Provider${i}`]: class { constructor(...deps) { this.deps = deps; } value() { return i; } } }[`Provider${i}`];',
    "  Reflect.decorate([Injectable(), paramtypes(needs)], Provider);",
    '  P.push(Provider);',
    '}',
    'const controllers = [];',
  ];
  for (let c = 0; c < controllers; c++) {
    const routes = list.filter((route) => route.controller === c);
    lines.push(
      `{ class C${c} { constructor(a, b, d) { this.a = a; } }`,
      ...routes.map((route) =>
        route.method === 'GET'
          ? `  C${c}.prototype.r${route.route} = function (id) { return { id, c: ${c} }; };\n  Reflect.decorate([Get('/r${route.route}/:id'), paramtypes([Number])], C${c}.prototype, 'r${route.route}', Object.getOwnPropertyDescriptor(C${c}.prototype, 'r${route.route}'));\n  Param('id', ID)(C${c}.prototype, 'r${route.route}', 0);`
          : `  C${c}.prototype.r${route.route} = function (body) { return body; };\n  Reflect.decorate([Post('/r${route.route}'), paramtypes([Object])], C${c}.prototype, 'r${route.route}', Object.getOwnPropertyDescriptor(C${c}.prototype, 'r${route.route}'));\n  Body(BODY)(C${c}.prototype, 'r${route.route}', 0);`,
      ),
      `  Reflect.decorate([Controller('/c${c}'), paramtypes([P[${(c * 3) % providers}], P[${(c * 3 + 1) % providers}], P[${(c * 3 + 2) % providers}]])], C${c});`,
      `  controllers.push(C${c}); }`,
    );
  }
  lines.push(
    "const app = createApp({ engine: process.env.BENCH_ENGINE === 'fastify' ? 'fastify' : 'express', controllers, openapi: false });",
    "app.listen(Number(process.env.PORT), '127.0.0.1').then(() => process.once('SIGTERM', () => process.exit(0)));",
  );
  return `${lines.join('\n')}\n`;
}

// The hand-written stacks: the same routes and the same validation, with the framework's own API.
function handWritten(config, framework) {
  const { list } = shape(config);
  const routes = JSON.stringify(list.map(({ method, path: route }) => [method, route]));
  const common = [
    "'use strict';",
    "const { z } = require('zod');",
    'const ID = z.coerce.number().int();',
    'const BODY = z.object({ name: z.string().min(1), count: z.number().int().optional() });',
    `const ROUTES = ${routes};`,
  ];
  if (framework === 'fastify')
    return `${[
      ...common,
      "const app = require('fastify')();",
      'for (const [method, path] of ROUTES) {',
      "  if (method === 'GET') app.get(`${path}/:id`, (req, reply) => { const id = ID.safeParse(req.params.id); if (!id.success) return reply.code(422).send({}); return { id: id.data }; });",
      "  else app.post(path, (req, reply) => { const body = BODY.safeParse(req.body); if (!body.success) return reply.code(422).send({}); return body.data; });",
      '}',
      "app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).then(() => process.once('SIGTERM', () => process.exit(0)));",
    ].join('\n')}\n`;
  if (framework === 'express')
    return `${[
      ...common,
      "const express = require('express');",
      'const app = express();',
      'app.use(express.json());',
      'for (const [method, path] of ROUTES) {',
      "  if (method === 'GET') app.get(`${path}/:id`, (req, res) => { const id = ID.safeParse(req.params.id); if (!id.success) return res.status(422).json({}); res.json({ id: id.data }); });",
      '  else app.post(path, (req, res) => { const body = BODY.safeParse(req.body); if (!body.success) return res.status(422).json({}); res.json(body.data); });',
      '}',
      "app.listen(Number(process.env.PORT), '127.0.0.1', () => process.once('SIGTERM', () => process.exit(0)));",
    ].join('\n')}\n`;
  return `${[
    ...common,
    "const http = require('node:http');",
    'const table = new Map(ROUTES.map(([method, path]) => [`${method} ${path}`, true]));',
    'http.createServer((req, res) => {',
    "  const url = req.url.split('?')[0];",
    "  const cut = url.lastIndexOf('/');",
    "  if (req.method === 'GET' && table.has(`GET ${url.slice(0, cut)}`)) {",
    '    const id = ID.safeParse(url.slice(cut + 1));',
    "    res.writeHead(id.success ? 200 : 422, { 'content-type': 'application/json' });",
    '    return res.end(JSON.stringify(id.success ? { id: id.data } : {}));',
    '  }',
    "  res.writeHead(404, { 'content-type': 'application/json' }); res.end('{}');",
    "}).listen(Number(process.env.PORT), '127.0.0.1', () => process.once('SIGTERM', () => process.exit(0)));",
  ].join('\n')}\n`;
}

/** Writes the generated apps of one size under `folder`; returns each stack's script. */
function generateApps(folder, config) {
  mkdirSync(folder, { recursive: true });
  const write = (name, text) => {
    const file = path.join(folder, `${name}.js`);
    writeFileSync(file, text);
    return file;
  };
  return {
    trellis: write('trellis', trellisApp(config)),
    fastify: write('fastify', handWritten(config, 'fastify')),
    express: write('express', handWritten(config, 'express')),
    'node-http': write('node-http', handWritten(config, 'node-http')),
  };
}

module.exports = { generateApps };
