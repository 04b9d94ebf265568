// Applications whose dependency graphs ready() refuses, one factory each: `trellis inspect` loads
// them by INSPECT_CASE, the inspect() specs call them.
import { Controller, createApp, Get, Inject, Injectable } from '../../../index';

const LEDGER = Symbol('Ledger');
const AUDIT = Symbol('Audit');
const MAILER = Symbol('Mailer');

@Injectable()
class Ledger {
  constructor(@Inject(AUDIT) readonly audit: unknown) {}
}

@Injectable()
class Audit {
  constructor(@Inject(LEDGER) readonly ledger: unknown) {}
}

@Injectable('request')
class CurrentUser {}

@Injectable()
class Greeter {
  constructor(readonly user: CurrentUser) {}
}

@Controller('/books')
class BooksController {
  constructor(@Inject(LEDGER) readonly ledger: unknown) {}

  @Get()
  list() {
    return [];
  }
}

@Controller('/hello')
class HelloController {
  constructor(readonly greeter: Greeter) {}

  @Get()
  hello() {
    return {};
  }
}

@Controller('/mail')
class MailController {
  constructor(@Inject(MAILER) readonly mailer: unknown) {}

  @Get()
  send() {
    return {};
  }
}

function bindCycle<T extends ReturnType<typeof createApp>>(app: T): T {
  app.container.bind(LEDGER).to(Ledger).inSingletonScope();
  app.container.bind(AUDIT).to(Audit).inSingletonScope();
  return app;
}

/**
 * One application per graph ready() refuses: a cycle through tokens, a singleton capturing a
 * request-scoped class, a token nothing binds; `all` has the three at once.
 */
export const REFUSED_APPS = {
  cycle: () => bindCycle(createApp({ controllers: [BooksController] })),
  capture: () => createApp({ controllers: [HelloController] }),
  unbound: () => createApp({ controllers: [MailController] }),
  all: () => bindCycle(createApp({ controllers: [BooksController, HelloController, MailController] })),
};

/** The application of the case INSPECT_CASE names. */
export function refusedApp() {
  return REFUSED_APPS[process.env.INSPECT_CASE as keyof typeof REFUSED_APPS]();
}
