import { expect } from 'chai';
import { Auth } from '../../../modules/auth';
import { MinimumRole } from '../../../modules/rbac';
import { Body, createApp, OnConnect, OnDisconnect, OnMessage, WebSocket } from '../../../src';
import type { Class } from '../../../src/kernel/metadata/types';
import { forEachEngine } from '../../support/engines';

@WebSocket('/twice')
class TwoMessageHandlers {
  @OnMessage()
  first() {}

  @OnMessage()
  second() {}
}

@WebSocket('/same')
class SamePathA {}

@WebSocket('/same/')
class SamePathB {}

@WebSocket('/rooms/:id')
class RoomById {}

@WebSocket('/rooms/:name')
class RoomByName {}

@WebSocket('/bye')
class GuardedDisconnect {
  @MinimumRole('admin')
  @OnDisconnect()
  bye() {}
}

@WebSocket('/body')
class BodyInHandler {
  @OnMessage()
  message(@Body() body: unknown) {
    return body;
  }
}

@WebSocket('/files/*path')
class WildcardPath {}

@Auth()
@WebSocket('/needs-auth')
class NeedsAuth {
  @OnConnect()
  hello() {}
}

@WebSocket('/fine')
class Fine {}

describe('WebSocket gateway compilation', () => {
  forEachEngine((engine) => {
    const failure = async (...gateways: Class[]) => {
      let error: unknown;
      await createApp({ engine, gateways })
        .ready()
        .catch((err) => (error = err));
      // The code first, then the message: assertions check the code and what the message names.
      return `${(error as { code?: string }).code} ${(error as Error).message}`;
    };

    it('when a gateway has two OnMessage handlers, ready() fails naming both', async () => {
      expect(await failure(TwoMessageHandlers))
        .to.match(/^TRELLIS_ERR_DUPLICATE_GATEWAY_HANDLER /)
        .and.to.contain('TwoMessageHandlers has two OnMessage() handlers: first and second');
    });

    it('when two gateways share a path, ready() fails naming both', async () => {
      expect(await failure(SamePathA, SamePathB))
        .to.match(/^TRELLIS_ERR_DUPLICATE_GATEWAY /)
        .and.to.contain('Duplicate WebSocket gateway /same: SamePathA and SamePathB');
      expect(await failure(RoomById, RoomByName))
        .to.match(/^TRELLIS_ERR_DUPLICATE_GATEWAY /)
        .and.to.contain('Duplicate WebSocket gateway /rooms/:name');
    });

    it('when OnDisconnect carries a guard, ready() fails', async () => {
      expect(await failure(GuardedDisconnect))
        .to.match(/^TRELLIS_ERR_GUARD_ON_DISCONNECT /)
        .and.to.contain('GuardedDisconnect.bye: guards cannot apply');
    });

    it('when a handler takes Body(), ready() fails: the message is positional', async () => {
      expect(await failure(BodyInHandler))
        .to.match(/^TRELLIS_ERR_PARAM_TRANSPORT /)
        .and.to.contain("a 'body' parameter cannot be used over ws");
    });

    it('when a gateway path has a wildcard, ready() fails', async () => {
      expect(await failure(WildcardPath))
        .to.match(/^TRELLIS_ERR_UNSUPPORTED_GATEWAY_PATH /)
        .and.to.contain('a gateway path takes :params but no wildcard');
    });

    it('when a gateway has Auth() without the auth module, ready() fails naming the gateway', async () => {
      expect(await failure(NeedsAuth))
        .to.match(/^TRELLIS_ERR_MODULE_NOT_INSTALLED /)
        .and.to.contain("Auth() on NeedsAuth.hello needs the 'auth' module");
    });

    it('when the gateways are well formed, ready() succeeds', async () => {
      const app = createApp({ engine, gateways: [Fine, RoomById] });
      await app.ready();
      await app.close();
    });
  });
});
