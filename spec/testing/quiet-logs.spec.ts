import { expect } from 'chai';
import { createApp } from '../../src/app/create-app';
import { closeTestApps, createTestApp, quietLogs } from '../../testing';

// What the hooks print to stderr while `run` runs.
async function stderrOf(run: () => unknown): Promise<string> {
  const write = process.stderr.write;
  let text = '';
  process.stderr.write = ((chunk: string) => {
    text += chunk;
    return true;
  }) as typeof process.stderr.write;
  try {
    await run();
  } finally {
    process.stderr.write = write;
  }
  return text;
}

const context = (state: string) => ({ currentTest: { state, fullTitle: () => 'a test that logs' } });

describe('trellis/testing quietLogs(): logs kept, shown for a failing test', () => {
  // The spec run silences the default logger; these apps log at info, as a project's would.
  let level: string | undefined;
  beforeEach(() => {
    level = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'info';
  });
  afterEach(async () => {
    if (level === undefined) delete process.env.LOG_LEVEL;
    else process.env.LOG_LEVEL = level;
    await closeTestApps();
  });

  it('shows nothing for a passing test, and the lines of a default logger for a failing one', async () => {
    const hooks = quietLogs();
    hooks.beforeEach();
    createApp().logger.info('first step done');
    expect(await stderrOf(() => hooks.afterEach.call(context('passed')))).to.equal('');
    hooks.beforeEach();
    createApp().logger.warn('the second step went wrong');
    const shown = await stderrOf(() => hooks.afterEach.call(context('failed')));
    expect(shown).to.contain('--- the log of "a test that logs" ---');
    expect(shown).to.contain('"msg":"the second step went wrong"');
    expect(shown).not.to.contain('first step done');
  });

  it('keeps what createTestApp apps log while the hooks run, and silences them otherwise', async () => {
    const hooks = quietLogs();
    hooks.beforeEach();
    const app = createTestApp();
    app.logger.info('from a test app');
    const shown = await stderrOf(() => hooks.afterEach.call(context('failed')));
    expect(shown).to.contain('"msg":"from a test app"');
    expect(createTestApp().logger.level).to.equal('silent');
  });
});
