import { expect } from 'chai';
import { Controller, Get, Inject, Injectable } from '../../../index';
import { createApp } from '../../../src/app/create-app';
import { expectCode } from '../../support/expect-code';

const LEDGER = Symbol('Ledger');
const AUDIT = Symbol('Audit');
const MISSING = Symbol('Missing');

@Injectable()
class Ledger {
  constructor(@Inject(AUDIT) readonly audit: unknown) {}
}

@Injectable()
class Audit {
  constructor(@Inject(LEDGER) readonly ledger: unknown) {}
}

@Injectable('request')
class Caller {}

@Injectable()
class Session {
  constructor(readonly caller: Caller) {}
}

@Controller('/cycle')
class CycleController {
  constructor(@Inject(LEDGER) readonly ledger: unknown) {}

  @Get()
  get() {
    return {};
  }
}

@Controller('/capture')
class CaptureController {
  constructor(readonly session: Session) {}

  @Get()
  get() {
    return {};
  }
}

@Controller('/missing')
class MissingController {
  constructor(@Inject(MISSING) readonly missing: unknown) {}

  @Get()
  get() {
    return {};
  }
}

function cycleApp() {
  const app = createApp({ controllers: [CycleController] });
  app.container.bind(LEDGER).to(Ledger).inSingletonScope();
  app.container.bind(AUDIT).to(Audit).inSingletonScope();
  return app;
}

describe('a dependency graph ready() refuses', () => {
  it('a cycle through tokens fails ready() with a code and its path', async () => {
    const failure = await cycleApp()
      .ready()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const error = expectCode(failure, 'TRELLIS_ERR_DEPENDENCY_CYCLE');
    expect(error.message).to.contain('Symbol(Ledger) -> Ledger -> Symbol(Audit) -> Audit -> Symbol(Ledger)');
  });

  it('inspect() describes the cycle: the error, its path as a problem, and the providers on it', async () => {
    const description = await cycleApp().inspect();
    expect(description.error?.code).to.equal('TRELLIS_ERR_DEPENDENCY_CYCLE');
    expect(description.problems).to.deep.equal([
      { kind: 'cycle', path: ['Symbol(Ledger)', 'Ledger', 'Symbol(Audit)', 'Audit', 'Symbol(Ledger)'] },
    ]);
    expect(description.providers.map(({ name }) => name)).to.include.members([
      'CycleController',
      'Ledger',
      'Audit',
    ]);
    expect(description.routes).to.deep.equal([]);
  });

  it('inspect() describes a singleton capturing a request-scoped provider, naming both', async () => {
    const description = await createApp({ controllers: [CaptureController] }).inspect();
    expect(description.error?.code).to.equal('TRELLIS_ERR_SCOPE_CAPTURE');
    expect(description.problems).to.deep.equal([{ kind: 'scope-capture', path: ['Session', 'Caller'] }]);
    const caller = description.providers.find(({ name }) => name === 'Caller');
    expect(caller?.scope).to.equal('request');
  });

  it('a constructor parameter injected with a token nothing binds fails ready() with a code, and inspect() names it', async () => {
    const failure = await createApp({ controllers: [MissingController] })
      .ready()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(expectCode(failure, 'TRELLIS_ERR_UNBOUND_INJECTED_TOKEN').message).to.contain('Symbol(Missing)');
    const description = await createApp({ controllers: [MissingController] }).inspect();
    expect(description.problems).to.deep.equal([
      { kind: 'unbound', path: ['MissingController', 'Symbol(Missing)'], by: 'constructor' },
    ]);
  });

  it('every problem is described at once, not only the first ready() meets', async () => {
    const app = createApp({ controllers: [CycleController, CaptureController, MissingController] });
    app.container.bind(LEDGER).to(Ledger).inSingletonScope();
    app.container.bind(AUDIT).to(Audit).inSingletonScope();
    const { problems } = await app.inspect();
    expect(problems.map(({ kind }) => kind).sort()).to.deep.equal(['cycle', 'scope-capture', 'unbound']);
  });
});
