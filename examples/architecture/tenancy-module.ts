import { BadRequestException, defineModule, recordGuard } from '../../index';

declare module '../../src/kernel/extension-points' {
  interface ModuleOptionsMap {
    tenancy: TenancyOptions;
  }
  interface GuardKindMap {
    /** `Tenant()`: the call names a known tenant. */
    tenant: true;
  }
  interface ContextVariableMap {
    /** Set by `Tenant()`: the tenant the call is for. */
    tenant: string;
  }
}

/** What `app.install('tenancy', options)` takes. */
export interface TenancyOptions {
  /** The tenants a call may name. */
  tenants: readonly string[];
}

/** Guards a class or a method: the call names a known tenant in `X-Tenant`, or 400. */
export function Tenant(): ClassDecorator & MethodDecorator {
  return recordGuard({ kind: 'tenant', module: 'tenancy', label: 'Tenant()', docs: { responses: [400] } });
}

/** The `tenancy` module: one guard kind, which leaves the tenant in the call's `tenant` variable. */
export const tenancyModule = defineModule<TenancyOptions>({
  name: 'tenancy',
  install(app, options) {
    const known = new Set(options.tenants);
    app.guards.define({
      kind: 'tenant',
      // After authentication (0), before authorisation: a refused caller learns nothing of tenants.
      priority: 5,
      compile: () => (ctx) => {
        const tenant = ctx.headers['x-tenant'];
        if (typeof tenant !== 'string' || !known.has(tenant))
          throw new BadRequestException('X-Tenant names no known tenant', { code: 'UNKNOWN_TENANT' });
        ctx.tenant = tenant;
      },
    });
  },
});
