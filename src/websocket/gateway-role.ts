import type { ClassRole } from '../kernel/metadata/class-role';

/** The role of `WebSocket` classes: given in `gateways`, served over WebSocket. */
export const GATEWAY_ROLE: ClassRole = { name: 'gateway', decorator: 'WebSocket', option: 'gateways' };
