import type { ModuleHost } from '../extension-points';
import type { ClassRole } from '../metadata/class-role';

/** An installable module: it binds its services and guards through the application's public API. */
export interface TrellisModule<Options = unknown> {
  /** The name `app.install(name)` finds it by. */
  name: string;
  /** The roles of classes it serves (`gateway`): the application keeps the classes given in each. */
  roles?: readonly ClassRole[];
  /** Installs the module: checks options, binds services, defines guards, adds hooks. */
  install(app: ModuleHost, options: Options): void;
}

const modules = new Map<string, TrellisModule<any>>();

/** Makes a module installable by name with `app.install(name, options)`. */
export function defineModule<Options>(module: TrellisModule<Options>): TrellisModule<Options> {
  modules.set(module.name, module);
  return module;
}

/** The module defined under `name`. */
export function findModule(name: string): TrellisModule<any> | undefined {
  return modules.get(name);
}

/** The names of every module defined so far, for messages that list them. */
export function definedModuleNames(): string[] {
  return [...modules.keys()];
}
