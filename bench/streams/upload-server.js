// One upload server in its own process, so that its RSS is the server's alone: Trellis on an
// engine (`express` or `fastify`), or busboy by hand on node:http (`busboy`), each writing every
// file to a temporary file with its SHA-256, as UploadedFile's default sink does. Prints its port,
// then samples its RSS every 10 ms and prints the peak above idle when asked (`peak` on stdin).
'use strict';
const { createHash, randomBytes } = require('node:crypto');
const { createWriteStream } = require('node:fs');
const { unlink } = require('node:fs/promises');
const http = require('node:http');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Transform } = require('node:stream');
const { pipeline } = require('node:stream/promises');

const kind = process.argv[2];
const GB = 1024 ** 3;

async function byHand() {
  const busboy = require('busboy');
  const server = http.createServer((req, res) => {
    const parser = busboy({ headers: req.headers, limits: { fileSize: 2 * GB } });
    const files = [];
    parser.on('file', (field, stream, info) => {
      const hash = createHash('sha256');
      let size = 0;
      const path = join(tmpdir(), `bench-upload-${randomBytes(8).toString('hex')}`);
      const meter = new Transform({
        transform(chunk, _e, done) {
          size += chunk.length;
          hash.update(chunk);
          done(null, chunk);
        },
      });
      files.push(
        pipeline(stream, meter, createWriteStream(path)).then(() => ({ field, name: info.filename, size, sha256: hash.digest('hex'), path })),
      );
    });
    parser.on('close', async () => {
      const done = await Promise.all(files);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ size: done[0]?.size, sha256: done[0]?.sha256 }));
      for (const file of done) await unlink(file.path).catch(() => {});
    });
    req.pipe(parser);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server.address().port;
}

async function trellis(engine) {
  require('reflect-metadata');
  const { Controller, Post, UploadedFile, createApp } = require('../../dist/index.js');
  class UploadController {
    upload(file) {
      return { size: file.size, sha256: file.sha256 };
    }
  }
  Controller('/')(UploadController);
  Post('/')(UploadController.prototype, 'upload', Object.getOwnPropertyDescriptor(UploadController.prototype, 'upload'));
  UploadedFile('file', { maxBytes: 2 * GB })(UploadController.prototype, 'upload', 0);
  const app = createApp({ engine, controllers: [UploadController], logger: require('pino')({ level: 'silent' }) });
  const server = await app.listen(0);
  return server.address().port;
}

async function main() {
  const port = kind === 'busboy' ? await byHand() : await trellis(kind);
  if (global.gc) global.gc();
  await new Promise((r) => setTimeout(r, 300));
  const idle = process.memoryUsage().rss;
  let peak = idle;
  setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10).unref();
  process.stdout.write(`${JSON.stringify({ port })}\n`);
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (line) => {
    if (line.startsWith('peak')) {
      process.stdout.write(`${JSON.stringify({ idle, peak, growth: peak - idle })}\n`);
      peak = process.memoryUsage().rss;
    }
    if (line.startsWith('exit')) process.exit(0);
  });
}

main();
