import { expect } from 'chai';
import { Inject } from '../../../container/inversify';
import { Controller, Get, Injectable } from '../../../src';
import { createApp } from '../../../src/app/create-app';
import { forEachEngine } from '../../support/engines';
import { expectCode, expectThrowsCode } from '../../support/expect-code';

class PlainClock {
  now() {
    return 'noon';
  }
}

@Injectable()
class DecoratedClock {
  now() {
    return 'noon';
  }
}

interface Clock {
  now(): string;
}

const CLOCK = Symbol('Clock');

@Controller('/plain')
class PlainController {
  constructor(
    private readonly decorated: DecoratedClock,
    private readonly clock: PlainClock,
  ) {}

  @Get()
  get() {
    return { at: this.clock.now(), also: this.decorated.now() };
  }
}

@Controller('/interface')
class InterfaceController {
  constructor(private readonly clock: Clock) {}

  @Get()
  get() {
    return { at: this.clock.now() };
  }
}

@Controller('/token')
class TokenController {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  @Get()
  get() {
    return { at: this.clock.now() };
  }
}

@Injectable()
class ReportService {
  constructor(readonly clock: PlainClock) {}
}

@Controller('/reports')
class ReportsController {
  constructor(private readonly reports: ReportService) {}

  @Get()
  get() {
    return { at: this.reports.clock.now() };
  }
}

// Classes as a build without emitDecoratorMetadata (or plain JavaScript) leaves them: decorated,
// with no design types recorded.
function withoutMetadata(name: string, inject?: symbol): new (...args: any[]) => unknown {
  const target = {
    [name]: class {
      constructor(readonly clock: Clock) {}
      get() {
        return this.clock.now();
      }
    },
  }[name];
  if (inject) Inject(inject)(target, undefined, 0);
  Reflect.decorate(
    [Get()],
    target.prototype,
    'get',
    Object.getOwnPropertyDescriptor(target.prototype, 'get'),
  );
  return Reflect.decorate([Controller(`/${name}`)], target) as never;
}

describe('dependency mistakes, explained at start-up', () => {
  forEachEngine((engine) => {
    it('a class neither decorated nor bound: names the class, the parameter and both fixes', async () => {
      const error = await createApp({ engine, controllers: [PlainController] })
        .ready()
        .catch((err: unknown) => err);
      expect(expectCode(error, 'TRELLIS_ERR_UNBOUND_DEPENDENCY').message).to.equal(
        'PlainController: constructor parameter 2 needs PlainClock, which nothing binds: add PlainClock to `providers` or mark it `Injectable()`',
      );
    });

    it('the same deeper down: the class that needs it is named', async () => {
      const error = await createApp({ engine, controllers: [ReportsController] })
        .ready()
        .catch((err: unknown) => err);
      expect(expectCode(error, 'TRELLIS_ERR_UNBOUND_DEPENDENCY').message).to.match(
        /^ReportService: constructor parameter 1 needs PlainClock/,
      );
    });

    it('once the class is in providers, the app starts and answers', async () => {
      const app = createApp({
        engine,
        controllers: [PlainController, ReportsController],
        providers: [PlainClock],
      });
      expect((await app.inject({ method: 'GET', url: '/plain' })).json()).to.deep.equal({
        at: 'noon',
        also: 'noon',
      });
      expect((await app.inject({ method: 'GET', url: '/reports' })).json()).to.deep.equal({ at: 'noon' });
      await app.close();
    });

    it('an interface type: says it has no runtime value and to inject it with a token', async () => {
      const error = await createApp({ engine, controllers: [InterfaceController] })
        .ready()
        .catch((err: unknown) => err);
      const { message } = expectCode(error, 'TRELLIS_ERR_DEPENDENCY_WITHOUT_VALUE');
      expect(message).to.match(/^InterfaceController: constructor parameter 1 is typed with an interface/);
      expect(message).to.include('an interface type has no runtime value: inject it with a token');
      expect(message).not.to.include('emitDecoratorMetadata');
    });

    it('a token given to @Inject that nothing binds: names the token, the class and the bind() that fixes it', async () => {
      const error = await createApp({
        engine,
        controllers: [ReportsController, TokenController],
        providers: [PlainClock],
      })
        .ready()
        .catch((err: unknown) => err);
      expect(expectCode(error, 'TRELLIS_ERR_UNBOUND_INJECTED_TOKEN').message).to.equal(
        'TokenController: constructor parameter 1 is injected with @Inject(Symbol(Clock)), which nothing binds: bind it before ready(), app.container.bind(Symbol(Clock)).toConstantValue(value) or .to(Class)',
      );
      @Injectable()
      class Mailer {
        constructor(@Inject('mail-transport') readonly transport: unknown) {}
      }
      const deeper = await createApp({ engine, providers: [Mailer] })
        .ready()
        .catch((err: unknown) => err);
      expect(expectCode(deeper, 'TRELLIS_ERR_UNBOUND_INJECTED_TOKEN').message).to.match(
        /^Mailer: constructor parameter 1 is injected with @Inject\('mail-transport'\)/,
      );
    });

    it('an interface injected with a bound token starts and answers', async () => {
      const app = createApp({ engine, controllers: [TokenController] });
      app.container.bind(CLOCK).toConstantValue({ now: () => 'midnight' });
      expect((await app.inject({ method: 'GET', url: '/token' })).json()).to.deep.equal({ at: 'midnight' });
      await app.close();
    });

    it('a type still undefined when the class was defined (a circular import): says so', async () => {
      @Controller('/cycle')
      class CycleController {
        get() {}
      }
      Reflect.defineMetadata('design:paramtypes', [undefined], CycleController);
      Object.defineProperty(CycleController, 'length', { value: 1 });
      const error = await createApp({ engine, controllers: [CycleController] })
        .ready()
        .catch((err: unknown) => err);
      expect(expectCode(error, 'TRELLIS_ERR_DEPENDENCY_UNDEFINED').message).to.match(
        /^CycleController: constructor parameter 1 .*circular import/,
      );
    });

    it('no decorator metadata at all: createApp names experimentalDecorators and emitDecoratorMetadata', () => {
      const target = withoutMetadata('bare');
      const { message } = expectThrowsCode(
        () => createApp({ engine, controllers: [target] }),
        'TRELLIS_ERR_NO_DECORATOR_METADATA',
      );
      expect(message).to.equal(
        'bare: its constructor takes 1 parameter but no decorator metadata was recorded: set "experimentalDecorators": true and "emitDecoratorMetadata": true in tsconfig.json (or inject each parameter with `@Inject(TOKEN)`)',
      );
    });

    it('no decorator metadata, but every parameter injected with a token: starts and answers', async () => {
      const token = Symbol('clock');
      const app = createApp({ engine, controllers: [withoutMetadata('injected', token)] });
      app.container.bind(token).toConstantValue({ now: () => 'dawn' });
      expect((await app.inject({ method: 'GET', url: '/injected' })).body).to.equal('"dawn"');
      await app.close();
    });
  });
});
