import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect } from 'chai';
import { Container, injectable } from 'inversify';
import { declareClass, declareScope } from '../../container/declared-classes';
import { bindDependencyGraph } from '../../container/dependency-graph';
import { planResolution } from '../../container/resolution-plan';

const CONTAINER_SOURCE = resolve(__dirname, '..', '..', '..', 'container');

@injectable()
class Clock {}
declareScope(Clock, 'transient');

@injectable()
class Ledger {
  constructor(readonly clock: Clock) {}
}
declareClass(Ledger);

describe('container: declared classes', () => {
  it('imports nothing from the layers above it', () => {
    const files = readdirSync(CONTAINER_SOURCE).filter((name) => name.endsWith('.ts'));
    expect(files).to.include('resolution-plan.ts');
    for (const file of files) {
      const source = readFileSync(join(CONTAINER_SOURCE, file), 'utf8');
      const relative = [...source.matchAll(/from '(\.[^']*)'/g)].map((match) => match[1]);
      for (const path of relative) expect(path, `${file} imports ${path}`).to.match(/^\.\/[^/]+$/);
    }
  });

  it('binds the classes declared to it in the scope they declared, without any decorator metadata', () => {
    const container = new Container();
    bindDependencyGraph(container, [Ledger]);
    const ledger = container.get(Ledger);
    expect(ledger.clock).to.be.instanceOf(Clock);
    expect(container.get(Ledger)).to.equal(ledger);
    expect(container.get(Clock)).not.to.equal(ledger.clock);
  });

  it('treats a declared class as a class provider even when its source does not read as a class', () => {
    const legacy = function LegacyService(this: { ready: boolean }) {
      this.ready = true;
    } as unknown as new () => { ready: boolean };
    injectable()(legacy);
    declareClass(legacy);
    const resolve = planResolution(new Container(), legacy);
    expect((resolve({}) as { ready: boolean }).ready).to.equal(true);
  });
});
