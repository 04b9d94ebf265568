import type { AppContainer } from '../../../container/app-container';
import type { MethodMetadata } from '../metadata/types';

/** Where a hook is compiled: one handler of one transport, asked once at `ready()`. */
export interface HookSite {
  /** The transport that carries the call, as its calls name it (`CallContext.transport`). */
  transport: string;
  /** The handler method's metadata. */
  handler: MethodMetadata;
  /** `Class.method`, for errors. */
  where: string;
  /** Resolves settings once, at compile time. */
  container: AppContainer;
  /** What the call answers to: a route's full path (its template in logs), a gateway's path, a field, a job. */
  path: string;
}
