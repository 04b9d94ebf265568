import { Var } from '../../src/decorators';

/**
 * The caller's raw access token, as the `Auth()` guard read it (from the `Authorization` header,
 * or on a WebSocket from its subprotocol or `?token=`); undefined on an anonymous call of
 * `Auth({ optional: true })`. For passing the caller's own credentials on to another service.
 * @example @Get('/feed') @Auth() feed(@CurrentToken() token: string) { return this.upstream.feed(token); }
 */
export function CurrentToken(): ParameterDecorator {
  return Var('accessToken');
}
