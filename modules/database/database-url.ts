/** Which database a URL selects, and what the driver is given. */
export type DatabaseTarget =
  | { dialect: 'postgres'; connectionString: string }
  | { dialect: 'sqlite'; file: string };

/**
 * Reads the `url` option: `postgres://` or `postgresql://` is PostgreSQL; `sqlite:<file>`, a path
 * or `:memory:` is SQLite.
 * @example databaseTarget('sqlite:data/app.db') // { dialect: 'sqlite', file: 'data/app.db' }
 */
export function databaseTarget(url = ':memory:'): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(url)) return { dialect: 'postgres', connectionString: url };
  const file = url.startsWith('sqlite://') ? url.slice('sqlite://'.length) : url.replace(/^sqlite:/, '');
  return { dialect: 'sqlite', file: file === '' ? ':memory:' : file };
}
