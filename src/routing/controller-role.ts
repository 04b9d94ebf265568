import type { ClassRole } from '../kernel';

/** The role of `Controller` classes: given in `controllers`, served over HTTP. */
export const CONTROLLER_ROLE: ClassRole = {
  name: 'controller',
  decorator: 'Controller',
  option: 'controllers',
};
