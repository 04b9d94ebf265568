import { expect } from 'chai';
import { type TypeCheck, typeCheck } from '../../support/contract-typecheck';
import { generatedContractSource } from '../../support/generated-contract';
import { removeFolder, tempFolder } from '../../support/package-tarball';

const PATHS = { 'trellis/client': ['dist/src/client/index.d.ts'], trellis: ['dist/index.d.ts'] };
const ROUTES = 500;

/**
 * The budget of a 500-route contract, every route called through the client with its answers
 * narrowed, and a controller implementing four of them: what it adds to the same program with
 * no route. Instantiations are counted by the compiler, the same on every machine; times are
 * printed, for the record, never asserted (they vary with the machine's load).
 */
const BUDGET = { instantiations: 250_000, types: 60_000 };

function statistic(check: TypeCheck, name: string): number {
  const match = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(check.output);
  if (!match) throw new Error(`no ${name} in:\n${check.output}`);
  return Number(match[1]);
}

describe(`contracts: the compiler's work on a generated ${ROUTES}-route contract`, function () {
  this.timeout(300_000);
  let folder: string;
  let empty: TypeCheck;
  let large: TypeCheck;
  before(async () => {
    folder = tempFolder('contract-budget');
    const args = ['--extendedDiagnostics', '--skipLibCheck'];
    empty = await typeCheck(
      folder,
      { 'api.ts': generatedContractSource(0, 'trellis/client', 'trellis') },
      PATHS,
      args,
    );
    large = await typeCheck(
      folder,
      { 'api.ts': generatedContractSource(ROUTES, 'trellis/client', 'trellis') },
      PATHS,
      args,
    );
  });
  after(() => removeFolder(folder));

  it('compiles', () => {
    expect(large.ok, large.output).to.equal(true);
  });

  it(`adds at most ${BUDGET.instantiations} type instantiations and ${BUDGET.types} types`, () => {
    const added = {
      instantiations: statistic(large, 'Instantiations') - statistic(empty, 'Instantiations'),
      types: statistic(large, 'Types') - statistic(empty, 'Types'),
    };
    const seconds = (statistic(large, 'Check time') - statistic(empty, 'Check time')).toFixed(2);
    console.log(
      `      ${ROUTES} routes add ${added.instantiations} instantiations, ${added.types} types, ${seconds}s of check time`,
    );
    expect(added.instantiations).to.be.at.most(BUDGET.instantiations);
    expect(added.types).to.be.at.most(BUDGET.types);
  });
});
