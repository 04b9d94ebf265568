import { expect } from 'chai';
import request from 'supertest';
import {
  type Application,
  Controller,
  createApp,
  defineModule,
  ForbiddenException,
  Get,
  Injectable,
  recordGuard,
} from '../../../src';
import { forEachEngine } from '../../support/engines';
import { expectCode, expectThrowsCode } from '../../support/expect-code';
import { type Served, serve } from '../../support/serve';

interface MaintenanceOptions {
  readOnly: boolean;
}

@Injectable()
class MaintenanceState {
  readOnly = false;
}

// A user-written module: binds a service and provides the 'writable' guard kind.
const maintenance = defineModule<MaintenanceOptions>({
  name: 'spec-maintenance',
  install(app: Application, options) {
    const state = new MaintenanceState();
    state.readOnly = options.readOnly;
    app.container.bind(MaintenanceState).toConstantValue(state);
    app.guards.define({
      kind: 'writable',
      priority: 5,
      compile: (_options, site) => () => {
        if (state.readOnly)
          throw new ForbiddenException(`${site.className}.${site.methodName} is read-only for now`);
      },
    });
  },
});

declare module '../../../src/kernel/extension-points' {
  interface ModuleOptionsMap {
    'spec-maintenance': MaintenanceOptions;
  }
}

const Writable = () => recordGuard({ kind: 'writable', module: 'spec-maintenance', label: 'Writable()' });

@Controller('/pages')
class PagesController {
  @Get()
  read() {
    return { read: true };
  }

  @Get('/edit')
  @Writable()
  edit() {
    return { edited: true };
  }
}

describe('app.install() and defineModule()', () => {
  it('when the module name is unknown, throws naming it and listing the defined modules', () => {
    const install = () => createApp().install('rbca' as 'spec-maintenance', { readOnly: false });
    const { message } = expectThrowsCode(install, 'TRELLIS_ERR_UNKNOWN_MODULE');
    expect(message).to.match(/^Unknown module 'rbca'; the defined modules are /);
    for (const name of ['auth', 'rbac', 'spec-maintenance']) expect(message).to.include(`'${name}'`);
  });

  it('when a module is installed twice, throws', () => {
    const app = createApp().install('spec-maintenance', { readOnly: false });
    expectThrowsCode(
      () => app.install(maintenance, { readOnly: true }),
      'TRELLIS_ERR_MODULE_ALREADY_INSTALLED',
    );
  });

  it('by name or by value, runs the module install with the options and records it', () => {
    const byName = createApp().install('spec-maintenance', { readOnly: true });
    expect(byName.has('spec-maintenance')).to.equal(true);
    expect(byName.container.get(MaintenanceState).readOnly).to.equal(true);
    const byValue = createApp().install(maintenance, { readOnly: false });
    expect(byValue.container.get(MaintenanceState).readOnly).to.equal(false);
    expect(createApp().has('spec-maintenance')).to.equal(false);
  });

  it("when a route uses the module's guard and the module is missing, ready() names the module", async () => {
    const app = createApp({ controllers: [PagesController] });
    const failure = await app.ready().catch((err: Error) => err);
    expect(expectCode(failure, 'TRELLIS_ERR_MODULE_NOT_INSTALLED').message).to.match(
      /^Writable\(\) on PagesController\.edit needs the 'spec-maintenance' module/,
    );
    await app.close();
  });

  forEachEngine((engine) => {
    for (const readOnly of [false, true]) {
      describe(`installed with readOnly: ${readOnly}`, () => {
        let served: Served;
        before(async () => {
          served = await serve(
            createApp({ engine, controllers: [PagesController] }).install('spec-maintenance', { readOnly }),
          );
        });
        after(() => served.close());

        it("applies the module's guard kind to the routes that declare it", async () => {
          await request(served.url).get('/pages').expect(200, { read: true });
          if (readOnly) {
            await request(served.url).get('/pages/edit').expect(403, {
              statusCode: 403,
              error: 'Forbidden',
              message: 'PagesController.edit is read-only for now',
              code: 'FORBIDDEN',
            });
          } else {
            await request(served.url).get('/pages/edit').expect(200, { edited: true });
          }
        });
      });
    }
  });
});
