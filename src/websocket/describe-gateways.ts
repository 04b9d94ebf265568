import type { GatewayDescription } from '../inspect/app-description';
import { type GuardRegistry, guardKinds } from '../kernel';
import type { CompiledGateway } from './compile-gateway';
import { GATEWAY_EVENT } from './gateway-metadata';

/** The compiled gateways as `app.inspect()` lists them. */
export function describeGateways(
  gateways: readonly CompiledGateway[],
  registry: GuardRegistry,
): GatewayDescription[] {
  return gateways.map(({ path, meta }) => {
    const events: GatewayDescription['events'] = [];
    const declared = [...meta.guards];
    for (const method of meta.methods.values()) {
      const event = method.get(GATEWAY_EVENT)?.event;
      if (!event) continue;
      events.push({ event, handler: `${meta.target.name}.${method.name}` });
      // The connect handler's guards are checked on the upgrade, with the class's.
      if (event === 'connect') declared.push(...method.guards);
    }
    const guards = guardKinds(declared, registry, meta.target.name);
    return { path, gateway: meta.target.name, guards, events };
  });
}
