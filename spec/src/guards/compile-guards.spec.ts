import { expect } from 'chai';
import { Container } from 'inversify';
import sinon from 'sinon';
import type { RequestContext } from '../../../src/http/request-context';
import { compileGuards } from '../../../src/kernel/guards/compile-guards';
import {
  type GuardDefinition,
  GuardRegistry,
  type GuardSite,
} from '../../../src/kernel/guards/guard-registry';
import { expectThrowsCode } from '../../support/expect-code';

const site: GuardSite = {
  className: 'ReportsController',
  methodName: 'export',
  transport: 'http',
  container: new Container(),
};
const ctx = {} as RequestContext;

function recorder(kind: string, priority: number, order: string[], requires?: string[]): GuardDefinition {
  return {
    kind,
    priority,
    requires,
    compile: sinon.spy((options: unknown[]) => () => {
      order.push(`${kind}:${JSON.stringify(options)}`);
    }),
  };
}

describe('compileGuards()', () => {
  it('gives one check per kind, in priority order, whatever the declaration order', () => {
    const order: string[] = [];
    const registry = new GuardRegistry();
    registry.define(recorder('late', 20, order));
    registry.define(recorder('early', 10, order));
    const checks = compileGuards(
      [
        { kind: 'late', module: 'm', label: 'Late()', options: 'x' },
        { kind: 'early', module: 'm', label: 'Early()' },
      ],
      registry,
      site,
    );
    for (const check of checks) check(ctx);
    expect(order).to.deep.equal(['early:[]', 'late:["x"]']);
  });

  it('merges the options of every decorator of one kind (class and method) into one compile', () => {
    const order: string[] = [];
    const registry = new GuardRegistry();
    const role = recorder('role', 20, order);
    registry.define(role);
    const checks = compileGuards(
      [
        { kind: 'role', module: 'm', label: "Role('a')", options: 'a' },
        { kind: 'role', module: 'm', label: "Role('b')", options: 'b' },
      ],
      registry,
      site,
    );
    expect(checks).to.have.length(1);
    expect((role.compile as sinon.SinonSpy).calledOnceWith(['a', 'b'], site)).to.equal(true);
  });

  it('adds the guard kinds a declared guard requires, even when not declared', () => {
    const order: string[] = [];
    const registry = new GuardRegistry();
    registry.define(recorder('identity', 10, order));
    registry.define(recorder('role', 20, order, ['identity']));
    const checks = compileGuards(
      [{ kind: 'role', module: 'roles', label: "Role('a')", options: 'a' }],
      registry,
      site,
    );
    for (const check of checks) check(ctx);
    expect(order).to.deep.equal(['identity:[]', 'role:["a"]']);
  });

  it('when a guard kind is not defined, fails naming the decorator, the class.method and the module to install', () => {
    const error = expectThrowsCode(
      () => compileGuards([{ kind: 'auth', module: 'auth', label: 'Auth()' }], new GuardRegistry(), site),
      'TRELLIS_ERR_MODULE_NOT_INSTALLED',
    );
    expect(error.message).to.equal(
      "Auth() on ReportsController.export needs the 'auth' module: app.install('auth', ...)",
    );
  });

  it('when a required guard kind is not defined, fails naming what needs it', () => {
    const registry = new GuardRegistry();
    registry.define(recorder('role', 20, [], ['identity']));
    const error = expectThrowsCode(
      () =>
        compileGuards([{ kind: 'role', module: 'roles', label: "Role('a')", options: 'a' }], registry, site),
      'TRELLIS_ERR_MODULE_NOT_INSTALLED',
    );
    expect(error.message).to.match(/^Role\('a'\) \(which needs identity\) on ReportsController\.export/);
  });

  it('with no guards, gives no checks', () => {
    expect(compileGuards([], new GuardRegistry(), site)).to.deep.equal([]);
  });
});
