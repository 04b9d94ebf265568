import { expect } from 'chai';
import type { Page } from 'puppeteer-core';
import request from 'supertest';
import { Controller, Depends, Get, Inject, Injectable, Param } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { type HeadlessChromium, launchChromium } from '../../support/chromium';
import { type Served, serve } from '../../support/serve';

const CLOCK = Symbol('Clock');

@Injectable('request')
class Visitor {}

@Injectable()
class Library {
  constructor(@Inject(CLOCK) readonly clock: unknown) {}
}

@Controller('/books')
class BooksController {
  constructor(readonly library: Library) {}

  @Get('/:id')
  one(@Param('id') id: string, @Depends(Visitor) _visitor: Visitor) {
    return { id };
  }
}

// The spec compiles without the DOM library: the few members the page code reads.
interface Element {
  textContent: string | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { width: number; height: number };
}
interface BrowserDocument {
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): Iterable<Element>;
}
declare const document: BrowserDocument;

function texts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate(
    (each: string) =>
      [...document.querySelectorAll(each)].map((element) => (element.textContent ?? '').trim()),
    selector,
  );
}

describe('the devtools page, in Chromium', function () {
  this.timeout(60_000);
  let chromium: HeadlessChromium;
  let served: Served;
  let page: Page;
  const outside: string[] = [];

  before(async () => {
    chromium = await launchChromium();
    const app = createApp({ controllers: [BooksController], devtools: true });
    app.container.bind(CLOCK).toConstantValue({});
    served = await serve(app);
    page = await chromium.browser.newPage();
    // Every request the page makes stays on the application's origin: nothing from a CDN.
    page.on('request', (each) => {
      if (!each.url().startsWith(served.url)) outside.push(each.url());
    });
    await page.goto(`${served.url}/_trellis`, { waitUntil: 'load' });
  });

  after(async () => {
    await chromium?.close();
    await served?.close();
  });

  it('shows the routes table', async () => {
    const rows = await texts(page, '#routes tbody tr');
    expect(rows).to.have.length(1);
    expect(rows[0]).to.contain('GET').and.contain('/books/:id').and.contain('BooksController.one');
  });

  it("draws each route's pipeline, phase by phase in the order a call runs them", async () => {
    const phases = await texts(page, '#routes tbody tr .phases li');
    const named = phases.map((phase) => phase.split(' ')[0]);
    // Devtools observes requests: the observability hook wraps every route call.
    expect(named[0]).to.equal('onRequest');
    expect(phases[0]).to.contain('observability');
    expect(named.slice(-3)).to.deep.equal(['handler', 'onSend', 'onResponse']);
    expect(phases.find((phase) => phase.startsWith('handler'))).to.contain('BooksController.one');
  });

  it('draws the dependency graph: a box per provider with its scope, an arrow per dependency, on the page', async () => {
    const graph = await page.evaluate(() => {
      const nodes = [...document.querySelectorAll('#dependency-graph g.node')].map((node) => ({
        name: node.getAttribute('data-name'),
        scope: node.getAttribute('data-scope'),
        width: node.getBoundingClientRect().width,
      }));
      const edges = [...document.querySelectorAll('#dependency-graph path.edge')].map(
        (edge) => `${edge.getAttribute('data-from')} -> ${edge.getAttribute('data-to')}`,
      );
      return { nodes, edges };
    });
    expect(graph.nodes.map(({ name, scope }) => `${name}:${scope}`)).to.have.members([
      'BooksController:singleton',
      'Library:singleton',
      'Symbol(Clock):value',
      'Visitor:request',
    ]);
    for (const node of graph.nodes) expect(node.width, `${node.name} is drawn`).to.be.greaterThan(50);
    expect(graph.edges).to.have.members([
      'BooksController -> Library',
      'BooksController -> Visitor',
      'Library -> Symbol(Clock)',
    ]);
  });

  it('lists a request soon after it is made, with its status', async () => {
    expect(await texts(page, '#requests tbody tr')).to.deep.equal([]);
    await request(served.url).get('/books/42').expect(200);
    await page.waitForFunction(() => [...document.querySelectorAll('#requests tbody tr')].length > 0, {
      timeout: 10_000,
    });
    const [row] = await texts(page, '#requests tbody tr');
    expect(row).to.contain('GET').and.contain('/books/42').and.contain('200');
  });

  it('loaded nothing from beyond the application', () => {
    expect(outside).to.deep.equal([]);
  });
});
