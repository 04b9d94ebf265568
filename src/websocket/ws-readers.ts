import { HTTP_READERS, type ReaderTable } from '../routing';

const { query, param, header, cookie, req, requestId } = HTTP_READERS;

/**
 * The parameter decorators a gateway handler may use besides its positional arguments; they
 * read the upgrade request. `Body` and `Res` have no meaning on a WebSocket and fail at `ready()`.
 */
export const WS_READERS: ReaderTable = { query, param, header, cookie, req, requestId };
