import { createError, errorFactory } from '../kernel';

/** The WebSocket gateways' configuration errors: code and message template, each documented in docs/errors.md. */
export const WEBSOCKET_ERRORS = {
  TRELLIS_ERR_DUPLICATE_GATEWAY: (path: string, first: string, second: string) =>
    `Duplicate WebSocket gateway ${path}: ${first} and ${second}`,
  TRELLIS_ERR_DUPLICATE_GATEWAY_HANDLER: (
    gateway: string,
    decorator: string,
    first: string,
    second: string,
  ) => `${gateway} has two ${decorator} handlers: ${first} and ${second}`,
  TRELLIS_ERR_GUARD_ON_DISCONNECT: (where: string, decorator: string) =>
    `${where}: guards cannot apply to ${decorator}; put them on the class or on OnConnect()`,
  TRELLIS_ERR_UNSUPPORTED_GATEWAY_PATH: (gateway: string, path: string) =>
    `${gateway}: a gateway path takes :params but no wildcard ('${path}')`,
  TRELLIS_ERR_DUPLICATE_UPGRADE_PATH: (path: string) => `Two WebSocket servers claim ${path}`,
};

/** Builds the `TrellisError` of one of these codes from its message template's arguments. */
export const websocketError = errorFactory(WEBSOCKET_ERRORS);

/** Data a connection was asked to send that JSON cannot carry. */
export const MessageNotJsonError = createError(
  'TRELLIS_ERR_WEBSOCKET_MESSAGE_NOT_JSON',
  'A WebSocket message must be JSON-serialisable',
  undefined,
  TypeError,
);
