import { expect } from 'chai';
import pino from 'pino';
import type { Page } from 'puppeteer-core';
import { Jobs } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { behaviour, SpecJobs } from '../../modules/jobs/support/job-fixtures';
import { type HeadlessChromium, launchChromium } from '../../support/chromium';
import { forEachDatabase } from '../../support/databases';
import { type Served, serve } from '../../support/serve';

// The spec compiles without the DOM library: the few members the page code reads.
interface Element {
  textContent: string | null;
  click(): void;
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

// Waits for the page's script to show (or stop showing) an element.
async function until(page: Page, selector: string, present: boolean): Promise<void> {
  await page.waitForFunction(
    (each: string, wanted: boolean) => (document.querySelector(each) !== null) === wanted,
    { timeout: 10_000 },
    selector,
    present,
  );
}

describe('the devtools page, in Chromium: the job queue', function () {
  this.timeout(60_000);
  let chromium: HeadlessChromium;
  before(async () => {
    chromium = await launchChromium();
  });
  after(() => chromium?.close());

  forEachDatabase((database) => {
    let served: Served;
    let page: Page;
    beforeEach(async () => {
      behaviour.failures = 0;
      served = await serve(
        createApp({ devtools: true, logger: pino({ level: 'silent' }) })
          .install('database', { url: await database.url() })
          .install('jobs', { handlers: [SpecJobs], pollIntervalMs: 50 }),
      );
      page = await chromium.browser.newPage();
    });
    afterEach(async () => {
      await page.close();
      await served.close();
    });

    it('lists the jobs per name, and its Retry and Cancel buttons act on them', async () => {
      const jobs = served.app.container.get<Jobs>(Jobs);
      behaviour.failures = 1;
      const failed = await jobs.enqueue('flaky', { n: 1 }, { maxAttempts: 1 });
      const waiting = await jobs.enqueue('record', { n: 2 }, { delayMs: 60_000 });
      await page.goto(`${served.url}/_trellis`, { waitUntil: 'load' });
      await until(page, `tr.job.failed[data-id="${failed.id}"]`, true);

      expect(await texts(page, '#job-queue tbody tr')).to.deep.equal(['flaky001', 'record100']);
      const [failedRow] = await texts(page, `tr.job[data-id="${failed.id}"]`);
      expect(failedRow).to.contain('flaky').and.contain('failed').and.contain('flaky failed on attempt 1');

      await page.click(`tr.job[data-id="${failed.id}"] button[data-action="retry"]`);
      await until(page, `tr.job[data-id="${failed.id}"]`, false);
      expect(await jobs.get(failed.id)).to.equal(null);

      await page.click(`tr.job[data-id="${waiting.id}"] button[data-action="cancel"]`);
      await until(page, `tr.job[data-id="${waiting.id}"]`, false);
      expect(await jobs.get(waiting.id)).to.equal(null);
      expect(await texts(page, '#no-jobs:not([hidden])')).to.have.length(1);
    });
  });
});
