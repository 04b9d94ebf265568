/** What a starter's files are written for. */
export interface StarterContext {
  /** The project's package name. */
  name: string;
  /** An ES module project: relative imports end in `.js`. */
  esm: boolean;
  /** A relative import path as the project's module system spells it (`./app` or `./app.js`). */
  rel(path: string): string;
}

/** The classes of `createApp`'s options, by option. */
export type StarterClasses = Partial<
  Record<'controllers' | 'gateways' | 'resolvers' | 'providers', string[]>
>;

/** One `--with` feature: its packages, its code and spec, and what it adds to app.ts and the README. */
export interface StarterFeature {
  /** Packages it needs at run time, at the versions this Trellis was tested with. */
  dependencies: string[];
  /** Packages only its spec needs. */
  devDependencies?: string[];
  /** Its files, by path. */
  files(ctx: StarterContext): Record<string, string>;
  /** Imports app.ts needs for it. */
  imports(ctx: StarterContext): string[];
  /** The classes it adds to createApp's options. */
  classes: StarterClasses;
  /** Statements `buildApp` runs on its `app` (module installs, hooks). */
  configure?: string;
  /** What `.gitignore` adds for it (a data folder). */
  gitignore?: string[];
  /** Lines of the README's list of what is where. */
  readme: string[];
  /** What `npm start` serves because of it, for the README. */
  serves: string[];
}
