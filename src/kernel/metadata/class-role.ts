/**
 * A role a class decorator gives a class (an HTTP controller, a gateway, a resolver), registered
 * by the feature that serves such classes: the application keeps the classes of each role.
 */
export interface ClassRole {
  /** The role recorded in the class's metadata (`controller`). */
  name: string;
  /** The decorator that gives it, named when a class given in that role lacks it (`Controller`). */
  decorator: string;
  /** The application option that lists classes of the role (`controllers`). */
  option: string;
}
