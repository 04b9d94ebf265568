import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';
import { forEachEngine } from '../../support/engines';

const SCRIPT = join(__dirname, 'serve-then-close.js');
const REQUESTS = 300;

const accessLinesOf = (lines: string[]) =>
  lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'request completed');

/** Runs the script; resolves to everything it printed on stdout, however it ended. */
function serveThenClose(engine: string, ending = 'close'): Promise<string> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SCRIPT, engine, String(REQUESTS), ending],
      { env: { ...process.env, LOG_LEVEL: 'info' }, timeout: 30_000, maxBuffer: 16 * 1024 * 1024 },
      (_err, stdout) => resolve(stdout),
    );
  });
}

describe('the default logger', () => {
  forEachEngine((engine) => {
    describe('when the application closes and the process is killed at once', () => {
      let lines: string[];
      before(async function () {
        this.timeout(40_000);
        lines = (await serveThenClose(engine)).split('\n').filter(Boolean);
      });

      it('has written every access line before close() resolved, though it writes in batches', () => {
        const closed = lines.indexOf('closed');
        expect(closed, 'the process reached the end of close()').to.be.greaterThan(-1);
        const accessLines = accessLinesOf(lines.slice(0, closed));
        expect(accessLines).to.have.length(REQUESTS);
        expect(new Set(accessLines.map((line) => line.reqId)).size).to.equal(REQUESTS);
      });

      it('writes nothing after close()', () => {
        expect(lines.at(-1)).to.equal('closed');
      });
    });

    describe('when the process exits without closing the application', () => {
      it('writes every access line on the way out', async function () {
        this.timeout(40_000);
        const lines = (await serveThenClose(engine, 'exit')).split('\n').filter(Boolean);
        const accessLines = accessLinesOf(lines);
        expect(accessLines).to.have.length(REQUESTS);
        expect(new Set(accessLines.map((line) => line.reqId)).size).to.equal(REQUESTS);
      });
    });
  });
});
