import { expect } from 'chai';
import { All, Controller, createApp, Delete, Get, Injectable, Post } from '../../../src';
import type { Class } from '../../../src/kernel/metadata/types';
import { expectCode } from '../../support/expect-code';

async function readyFailure(controllers: Class[]): Promise<Error | undefined> {
  const app = createApp({ controllers });
  try {
    await app.ready();
    return undefined;
  } catch (err) {
    return err as Error;
  } finally {
    await app.close();
  }
}

@Controller('/users')
class UsersController {
  @Get('/:id')
  one() {
    return {};
  }

  @Delete('/:id')
  remove() {}
}

@Controller('/users')
class AdminUsersController {
  @Get('/:userId')
  show() {
    return {};
  }
}

@Controller()
class RootUsersController {
  @Get('users/:id')
  again() {
    return {};
  }
}

@Controller('/users')
class CatchAllController {
  @All('/:anything')
  any() {
    return {};
  }
}

@Controller('/users')
class PostUsersController {
  @Post('/:id')
  post() {
    return {};
  }
}

@Injectable()
class NotAController {}

describe('compiling the controllers at ready()', () => {
  it('when two controllers declare the same method and path, fails naming both class.method', async () => {
    const failure = await readyFailure([UsersController, RootUsersController]);
    expectCode(failure, 'TRELLIS_ERR_DUPLICATE_ROUTE');
    expect(failure?.message).to.match(/Duplicate route GET \/users\/:id/);
    expect(failure?.message).to.include('RootUsersController.again');
    expect(failure?.message).to.include('UsersController.one');
  });

  it('when two paths differ only in parameter names, they are still the same route', async () => {
    const failure = await readyFailure([UsersController, AdminUsersController]);
    expectCode(failure, 'TRELLIS_ERR_DUPLICATE_ROUTE');
    expect(failure?.message).to.include('AdminUsersController.show');
    expect(failure?.message).to.include('UsersController.one');
  });

  it('when an All route shares a path with another route, fails', async () => {
    const failure = await readyFailure([UsersController, CatchAllController]);
    expectCode(failure, 'TRELLIS_ERR_DUPLICATE_ROUTE');
    expect(failure?.message).to.include('CatchAllController.any');
  });

  it('when the paths match but the methods differ, both routes are kept', async () => {
    expect(await readyFailure([UsersController, PostUsersController])).to.equal(undefined);
  });

  it('when a class in controllers is not a controller, fails naming it', async () => {
    const failure = await readyFailure([UsersController, NotAController]);
    expect(expectCode(failure, 'TRELLIS_ERR_NOT_DECORATED').message).to.match(
      /NotAController is not decorated with @Controller\(\)/,
    );
  });
});
