import { expect } from 'chai';
import { type TypeCheck, typeCheck } from '../../support/contract-typecheck';
import { removeFolder, tempFolder } from '../../support/package-tarball';

// JobPayloadMap is declared in src/jobs; an application still augments it through 'trellis',
// which re-exports it, as the published declarations are read.
const PATHS = { trellis: ['dist/index.d.ts'] };

const PAYLOADS = `export {};
declare module 'trellis' {
  interface JobPayloadMap {
    'send-welcome': { userId: string };
  }
}
`;

const PROGRAMS: Record<string, string> = {
  'good.ts': `import type { JobPayload, Jobs } from 'trellis';
import './payloads';
export async function enqueue(jobs: Jobs): Promise<void> {
  await jobs.enqueue('send-welcome', { userId: '1' });
  await jobs.enqueue('undeclared', 42);
}
export const payload: JobPayload<'send-welcome'> = { userId: '1' };
`,
  'wrong-payload.ts': `import type { Jobs } from 'trellis';
import './payloads';
export async function enqueue(jobs: Jobs): Promise<void> {
  await jobs.enqueue('send-welcome', { userId: 1 }); // refused
}
`,
};

function errorLines(check: TypeCheck, file: string): number[] {
  const pattern = new RegExp(`^${file.replace('.', '\\.')}\\((\\d+),\\d+\\): error`, 'gm');
  return [...check.output.matchAll(pattern)].map((match) => Number(match[1]));
}

describe("JobPayloadMap: augmented through 'trellis' (TypeScript 5.9, strict)", function () {
  this.timeout(180_000);
  let folder: string;
  let check: TypeCheck;
  before(async () => {
    folder = tempFolder('job-payload-map');
    check = await typeCheck(folder, { 'payloads.ts': PAYLOADS, ...PROGRAMS }, PATHS);
  });
  after(() => removeFolder(folder));

  it('types the payload of a declared job, and leaves other names unknown', () => {
    expect(errorLines(check, 'good.ts'), check.output).to.deep.equal([]);
    expect(errorLines(check, 'payloads.ts'), check.output).to.deep.equal([]);
  });

  it('refuses a payload of the wrong shape for a declared job', () => {
    expect(check.ok).to.equal(false);
    expect(errorLines(check, 'wrong-payload.ts'), check.output).to.deep.equal([4]);
  });
});
