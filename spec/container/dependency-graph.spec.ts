import { expect } from 'chai';
import { Controller, createApp, Depends, Get, Injectable } from '../../index';
import type { Application } from '../../src/app/application';
import { expectCode } from '../support/expect-code';

async function readyFailure(app: Application): Promise<Error | undefined> {
  try {
    await app.ready();
    return undefined;
  } catch (err) {
    return err as Error;
  } finally {
    await app.close();
  }
}

@Injectable('request')
class Session {}

@Injectable()
class Cache {
  constructor(readonly session: Session) {}
}

@Injectable('transient')
class Formatter {
  constructor(readonly session: Session) {}
}

@Injectable()
class Reporter {
  constructor(readonly formatter: Formatter) {}
}

@Injectable()
class Database {}

@Injectable()
class UserRepository {
  constructor(readonly db: Database) {}
}

@Injectable('request')
class AuditLog {
  constructor(readonly db: Database) {}
}

@Controller('/capturing')
class CapturingController {
  constructor(readonly session: Session) {}
  @Get()
  get() {
    return {};
  }
}

@Controller('/graph')
class GraphController {
  @Get()
  get(@Depends(AuditLog) audit: AuditLog) {
    return { hasDb: audit.db instanceof Database };
  }
}

describe('binding the dependency graph at ready()', () => {
  it('when a singleton constructor needs a request-scoped class, fails naming both', async () => {
    const failure = await readyFailure(createApp({ providers: [Cache] }));
    expect(expectCode(failure, 'TRELLIS_ERR_SCOPE_CAPTURE').message).to.match(
      /^Cache is a singleton.* Session/,
    );
  });

  it('when a singleton controller needs a request-scoped class, fails naming both', async () => {
    const failure = await readyFailure(createApp({ controllers: [CapturingController] }));
    expect(expectCode(failure, 'TRELLIS_ERR_SCOPE_CAPTURE').message).to.include('CapturingController');
    expect(failure?.message).to.include('Session');
  });

  it('when a singleton reaches a request-scoped class through a transient one, fails naming the chain', async () => {
    const failure = await readyFailure(createApp({ providers: [Reporter] }));
    expect(expectCode(failure, 'TRELLIS_ERR_SCOPE_CAPTURE').message).to.include('Reporter');
    expect(failure?.message).to.include('Formatter');
    expect(failure?.message).to.include('Session');
  });

  it('binds every decorated class a registered one reaches, without registering it', async () => {
    const app = createApp({ providers: [UserRepository] });
    await app.ready();
    const repository = app.container.get(UserRepository);
    expect(repository.db).to.be.instanceOf(Database);
    expect(app.container.get(Database)).to.equal(repository.db);
    await app.close();
  });

  it('binds the constructor dependencies of a class reached only through Depends', async () => {
    const app = createApp({ controllers: [GraphController] });
    await app.ready();
    expect(app.container.isBound(Database)).to.equal(true);
    await app.close();
  });
});
