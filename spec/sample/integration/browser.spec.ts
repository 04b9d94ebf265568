import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import request from 'supertest';
import { type HeadlessChromium, launchChromium } from '../../support/chromium';
import { forEachEngine } from '../../support/engines';
import { DEMO_PASSWORD } from '../support/sample-env';
import { type SampleServer, startSample } from '../support/sample-server';

const LOOPBACK = '127.0.0.1';
const PAGE =
  '<!DOCTYPE html><html><head><link rel="icon" href="data:,"></head><body>single-page app</body></html>';

/** A tiny site on its own port, hence its own origin: the single-page app calling the API. */
async function startSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, LOOPBACK, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${LOOPBACK}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

// The spec compiles without the DOM library; these are the few members the page code uses.
interface Editor {
  CodeMirror: { getValue(): string; setValue(value: string): void };
}
interface BrowserDocument {
  querySelector(selector: string): unknown;
  querySelectorAll(selector: string): Iterable<unknown>;
}

/** What a page's script sees when it logs in and asks who it is, through CORS. */
interface CrossOriginResult {
  loginStatus?: number;
  meStatus?: number;
  username?: string;
  failure?: string;
}

function logInAndAskWhoAmI(page: Page, api: string): Promise<CrossOriginResult> {
  return page.evaluate(
    async (apiUrl: string, password: string) => {
      try {
        const login = await fetch(`${apiUrl}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password }),
        });
        const { accessToken } = (await login.json()) as { accessToken: string };
        const me = await fetch(`${apiUrl}/auth/me`, { headers: { authorization: `Bearer ${accessToken}` } });
        const body = (await me.json()) as { username: string };
        return { loginStatus: login.status, meStatus: me.status, username: body.username };
      } catch (err) {
        return { failure: String(err) };
      }
    },
    api,
    DEMO_PASSWORD,
  );
}

/** Blocks every request that leaves 127.0.0.1, and records every URL the page asked for. */
async function keepOnLoopback(page: Page): Promise<{ requested: string[]; blocked: string[] }> {
  const seen = { requested: [] as string[], blocked: [] as string[] };
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    seen.requested.push(request.url());
    if (url.protocol === 'data:' || url.hostname === LOOPBACK) void request.continue();
    else {
      seen.blocked.push(request.url());
      void request.abort();
    }
  });
  return seen;
}

/** Console messages that tell of a Content-Security-Policy refusal or a script failure. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused/.test(message.text()))
      errors.push(message.text());
  });
  page.on('pageerror', (err) => errors.push(String(err)));
  return errors;
}

/** What a page sees when it opens a WebSocket offering `['bearer', token]`. */
interface SocketOutcome {
  opened: boolean;
  protocol?: string;
  firstMessage?: unknown;
}

function openChatWithSubprotocolToken(page: Page, url: string, token: string): Promise<SocketOutcome> {
  return page.evaluate(
    (socketUrl: string, bearer: string) =>
      new Promise<SocketOutcome>((resolve) => {
        interface Socket {
          protocol: string;
          onmessage: (event: { data: string }) => void;
          onclose: () => void;
          close(): void;
        }
        const { WebSocket } = globalThis as unknown as {
          WebSocket: new (url: string, protocols: string[]) => Socket;
        };
        const socket = new WebSocket(socketUrl, ['bearer', bearer]);
        socket.onmessage = (event) => {
          resolve({ opened: true, protocol: socket.protocol, firstMessage: JSON.parse(event.data) });
          socket.close();
        };
        socket.onclose = () => resolve({ opened: false });
      }),
    url,
    token,
  );
}

/** Whether the page's Content-Security-Policy refuses a WebSocket to the page's own path. */
function socketRefusedByPolicy(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        interface Socket {
          onopen: () => void;
          onerror: () => void;
          close(): void;
        }
        const browser = globalThis as unknown as {
          location: { href: string };
          document: { addEventListener(type: string, listener: () => void): void };
          WebSocket: new (url: string) => Socket;
        };
        let refused = false;
        browser.document.addEventListener('securitypolicyviolation', () => {
          refused = true;
        });
        const socket = new browser.WebSocket(browser.location.href.replace(/^http/, 'ws'));
        // Opened, or refused by the server: either way the policy has had its say by then.
        socket.onopen = socket.onerror = () => {
          socket.close();
          setTimeout(() => resolve(refused), 50);
        };
      }),
  );
}

/** Types an operation and headers into GraphiQL's editors and runs it. */
async function startInGraphiql(
  page: Page,
  operation: string,
  headers: Record<string, string>,
): Promise<void> {
  await page.evaluate(
    (text: string, headersText: string) => {
      const { document } = globalThis as unknown as { document: BrowserDocument };
      const query = document.querySelector('.graphiql-query-editor .CodeMirror') as unknown as Editor;
      query.CodeMirror.setValue(text);
      // The Headers tab is the one open by default; the Variables editor is hidden.
      const tools = [
        ...document.querySelectorAll('.graphiql-editor-tool .graphiql-editor:not(.hidden) .CodeMirror'),
      ];
      (tools[0] as unknown as Editor).CodeMirror.setValue(headersText);
      (document.querySelector('.graphiql-response .CodeMirror') as unknown as Editor).CodeMirror.setValue('');
    },
    operation,
    JSON.stringify(headers),
  );
  await page.click('.graphiql-execute-button');
}

/** The text of GraphiQL's result pane. */
function resultText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const { document } = globalThis as unknown as { document: BrowserDocument };
    return (
      document.querySelector('.graphiql-response .CodeMirror') as unknown as Editor
    ).CodeMirror.getValue();
  });
}

/** Runs an operation in GraphiQL and returns the result text once there is one. */
async function runInGraphiql(
  page: Page,
  operation: string,
  headers: Record<string, string>,
): Promise<string> {
  await startInGraphiql(page, operation, headers);
  const handle = await page.waitForFunction(
    () => {
      const { document } = globalThis as unknown as { document: BrowserDocument };
      const response = document.querySelector('.graphiql-response .CodeMirror') as unknown as Editor;
      const text = response.CodeMirror.getValue();
      return text.includes('"data"') || text.includes('"errors"') ? text : false;
    },
    { timeout: 15_000 },
  );
  return (await handle.jsonValue()) as string;
}

describe('the sample in a browser (headless Chromium)', function () {
  this.timeout(60_000);

  forEachEngine((engine) => {
    let chromium: HeadlessChromium;
    let site: Awaited<ReturnType<typeof startSite>>;
    let otherSite: Awaited<ReturnType<typeof startSite>>;
    let sample: SampleServer;
    let page: Page;
    before(async () => {
      chromium = await launchChromium();
      site = await startSite();
      otherSite = await startSite();
      sample = await startSample(engine, { CORS_ORIGINS: site.origin });
    });
    after(async () => {
      await chromium?.close();
      await site?.close();
      await otherSite?.close();
      await sample?.close();
    });
    beforeEach(async () => {
      page = await chromium.browser.newPage();
    });
    afterEach(async () => {
      await page.close();
    });

    it('a page on an allowed origin logs in and calls /auth/me through CORS', async () => {
      await page.goto(site.origin);
      const result = await logInAndAskWhoAmI(page, sample.url);
      expect(result).to.deep.equal({ loginStatus: 200, meStatus: 200, username: 'admin' });
    });

    it('a page on another origin cannot read the answers (the browser refuses the call)', async () => {
      await page.goto(otherSite.origin);
      const result = await logInAndAskWhoAmI(page, sample.url);
      expect(result.failure).to.match(/Failed to fetch/);
    });

    it('the GraphQL IDE loads from the server alone and runs a query and a mutation with a token', async () => {
      const seen = await keepOnLoopback(page);
      const errors = watchForErrors(page);
      const token = await sample.token('admin');
      await page.goto(`${sample.url}/graphql`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 15_000 });

      const me = JSON.parse(
        await runInGraphiql(page, '{ me { username role } }', { Authorization: `Bearer ${token}` }),
      );
      expect(me).to.deep.equal({ data: { me: { username: 'admin', role: 'admin' } } });
      const created = JSON.parse(
        await runInGraphiql(
          page,
          'mutation { createTask(input: { title: "From the IDE" }) { title status } }',
          {
            Authorization: `Bearer ${token}`,
          },
        ),
      );
      expect(created).to.deep.equal({ data: { createTask: { title: 'From the IDE', status: 'todo' } } });
      const anonymous = JSON.parse(await runInGraphiql(page, '{ me { username } }', {}));
      expect(anonymous.errors[0].extensions.statusCode).to.equal(401);

      // Subscriptions go over a WebSocket to the same path: the page's policy must let it through.
      expect(await socketRefusedByPolicy(page)).to.equal(false);

      expect(seen.blocked).to.deep.equal([]);
      expect(seen.requested.length).to.be.greaterThan(5);
      for (const url of seen.requested) expect(new URL(url).protocol, url).to.be.oneOf(['http:', 'data:']);
      expect(
        seen.requested
          .filter((url) => url.startsWith('http:'))
          .every((url) => new URL(url).hostname === LOOPBACK),
      ).to.equal(true);
      expect(errors).to.deep.equal([]);
    });

    it('the GraphQL IDE runs a subscription over graphql-ws with the token of its Headers tab', async () => {
      const token = await sample.token('admin');
      await page.goto(`${sample.url}/graphql`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('.graphiql-query-editor .CodeMirror', { timeout: 15_000 });
      await startInGraphiql(page, 'subscription { taskCreated { title } }', {
        Authorization: `Bearer ${token}`,
      });
      // Tasks are created until one shows in the IDE: the first may come before the subscription starts.
      let shown = '';
      for (let attempt = 1; attempt <= 20 && !shown.includes('Seen live'); attempt++) {
        await request(sample.url)
          .post('/tasks')
          .set('authorization', `Bearer ${token}`)
          .send({ title: `Seen live ${attempt}` })
          .expect(201);
        await new Promise((resolve) => setTimeout(resolve, 250));
        shown = await resultText(page);
      }
      expect(JSON.parse(shown).data?.taskCreated.title, shown).to.match(/^Seen live \d+$/);
    });

    it('a page on another origin opens the chat WebSocket with its token as a subprotocol', async () => {
      await page.goto(site.origin);
      const socketUrl = `${sample.url.replace(/^http/, 'ws')}/chat`;
      const outcome = await openChatWithSubprotocolToken(page, socketUrl, await sample.token('developer'));
      expect(outcome).to.deep.equal({
        opened: true,
        protocol: 'bearer',
        firstMessage: { type: 'welcome', username: 'developer' },
      });
      expect(await openChatWithSubprotocolToken(page, socketUrl, 'not-a-token')).to.deep.equal({
        opened: false,
      });
    });

    it('the Swagger UI docs load from the server alone under their policy', async () => {
      const seen = await keepOnLoopback(page);
      const errors = watchForErrors(page);
      await page.goto(`${sample.url}/docs`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('.opblock', { timeout: 15_000 });
      expect(seen.blocked).to.deep.equal([]);
      expect(errors).to.deep.equal([]);
    });
  });
});
