import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';

const ROOT = join(__dirname, '..', '..', '..');

describe('the README "Testing" section', () => {
  it('shows exactly the mocha spec the suite runs (spec/examples/testing-example.spec.ts)', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## Testing\n'));
    const block = /```ts\n([\s\S]*?)```/.exec(section);
    expect(block?.[1]).to.equal(
      readFileSync(join(ROOT, 'spec', 'examples', 'testing-example.spec.ts'), 'utf8'),
    );
  });
});
