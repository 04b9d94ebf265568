import { expect } from 'chai';
import { REFUSED_APPS } from '../../cli/inspect-apps/refused-apps';
import { expectCode } from '../../support/expect-code';

describe('a dependency graph ready() refuses', () => {
  it('a cycle through tokens fails ready() with a code and its path', async () => {
    const failure = await REFUSED_APPS.cycle()
      .ready()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    const error = expectCode(failure, 'TRELLIS_ERR_DEPENDENCY_CYCLE');
    expect(error.message).to.contain('Symbol(Ledger) -> Ledger -> Symbol(Audit) -> Audit -> Symbol(Ledger)');
  });

  it('inspect() describes the cycle: the error, its path as a problem, and the providers on it', async () => {
    const description = await REFUSED_APPS.cycle().inspect();
    expect(description.error?.code).to.equal('TRELLIS_ERR_DEPENDENCY_CYCLE');
    expect(description.problems).to.deep.equal([
      { kind: 'cycle', path: ['Symbol(Ledger)', 'Ledger', 'Symbol(Audit)', 'Audit', 'Symbol(Ledger)'] },
    ]);
    expect(description.providers.map(({ name }) => name)).to.include.members([
      'BooksController',
      'Ledger',
      'Audit',
    ]);
    expect(description.routes).to.deep.equal([]);
  });

  it('inspect() describes a singleton capturing a request-scoped provider, naming both', async () => {
    const description = await REFUSED_APPS.capture().inspect();
    expect(description.error?.code).to.equal('TRELLIS_ERR_SCOPE_CAPTURE');
    expect(description.problems).to.deep.equal([{ kind: 'scope-capture', path: ['Greeter', 'CurrentUser'] }]);
    const user = description.providers.find(({ name }) => name === 'CurrentUser');
    expect(user?.scope).to.equal('request');
  });

  it('a constructor parameter injected with a token nothing binds fails ready() with a code, and inspect() names it', async () => {
    const failure = await REFUSED_APPS.unbound()
      .ready()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(expectCode(failure, 'TRELLIS_ERR_UNBOUND_INJECTED_TOKEN').message).to.contain('Symbol(Mailer)');
    const description = await REFUSED_APPS.unbound().inspect();
    expect(description.problems).to.deep.equal([
      { kind: 'unbound', path: ['MailController', 'Symbol(Mailer)'], by: 'constructor' },
    ]);
  });

  it('every problem is described at once, not only the first ready() meets', async () => {
    const { problems } = await REFUSED_APPS.all().inspect();
    expect(problems.map(({ kind }) => kind).sort()).to.deep.equal(['cycle', 'scope-capture', 'unbound']);
  });
});
