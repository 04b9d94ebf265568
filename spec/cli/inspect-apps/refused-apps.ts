// Applications whose dependency graphs ready() refuses, one factory each, chosen by INSPECT_CASE.
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

const CASES = {
  cycle() {
    const app = createApp({ controllers: [BooksController] });
    app.container.bind(LEDGER).to(Ledger).inSingletonScope();
    app.container.bind(AUDIT).to(Audit).inSingletonScope();
    return app;
  },
  capture: () => createApp({ controllers: [HelloController] }),
  unbound: () => createApp({ controllers: [MailController] }),
};

/** The application of the case INSPECT_CASE names. */
export function refusedApp() {
  return CASES[process.env.INSPECT_CASE as keyof typeof CASES]();
}
