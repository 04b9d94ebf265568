import type { ClassRole } from '../kernel';

/** The role of `WebSocket` classes: given in `gateways`, served over WebSocket. */
export const GATEWAY_ROLE: ClassRole = { name: 'gateway', decorator: 'WebSocket', option: 'gateways' };
