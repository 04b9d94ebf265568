import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import request from 'supertest';

const ROOT = join(__dirname, '..', '..', '..');
const PORT = 38_417;
const url = `http://127.0.0.1:${PORT}`;

function readmeExample(): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('README.md has no TypeScript example');
  return block[1];
}

async function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs: number): Promise<void> {
  let output = '';
  const seen = new Promise<void>((resolve) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve();
    });
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(new Error(`no '${pattern}' within ${timeoutMs} ms: ${output}`)),
      timeoutMs,
    ).unref(),
  );
  await Promise.race([seen, timeout]);
}

describe('the README example', () => {
  let child: ChildProcess;

  before(async () => {
    child = spawn(process.execPath, [join(ROOT, 'dist', 'examples', 'hello.js')], {
      env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await waitForLine(child, /listening on/, 8000);
  });

  after(async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  });

  it('is exactly the code of examples/hello.ts', () => {
    expect(readmeExample()).to.equal(readFileSync(join(ROOT, 'examples', 'hello.ts'), 'utf8'));
  });

  it('when the body is valid, answers 201 with the handler result', async () => {
    const res = await request(url).post('/greetings').send({ name: 'Ada' }).expect(201);
    expect(res.body.text).to.equal('Hello, Ada.');
    expect(new Date(res.body.at).toString()).to.not.equal('Invalid Date');
  });

  it('when the body fails its schema, answers 422 naming the field', async () => {
    const res = await request(url).post('/greetings').send({ name: '' }).expect(422);
    expect(res.body.details.map((d: { path: string }) => d.path)).to.deep.equal(['body.name']);
  });

  it('coerces the path parameter and refuses one that is not a positive integer', async () => {
    await request(url).get('/greetings/7').expect(200, { id: 7, text: 'Greeting number 7' });
    await request(url).get('/greetings/-1').expect(422);
  });
});
