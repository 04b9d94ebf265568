import { graphqlError } from './graphql-errors';
/**
 * Where a schema without a `.meta({ id })` sits, from which its GraphQL type name is derived:
 * `base` grows with each nested field (`CreateTask` -> `CreateTaskAssignee`) and objects add
 * `suffix` (`CreateTaskInput`, `MeResult`); enums take the bare base (`CreateTaskPriority`).
 */
export interface NameHint {
  base: string;
  suffix: string;
}

/** `createTask` -> `CreateTask`, `due_date` -> `DueDate`. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join('');
}

/** The hint of a resolver's return type: `me` -> `MeResult`. */
export function resultHint(field: string): NameHint {
  return { base: pascalCase(field), suffix: 'Result' };
}

/** The hint of an argument's type: `createTask(input)` -> `CreateTaskInput`, `tasks(filter)` -> `TasksFilterInput`. */
export function argumentHint(field: string, argument: string): NameHint {
  const base = pascalCase(field) + (argument === 'input' ? '' : pascalCase(argument));
  return { base, suffix: 'Input' };
}

/** The hint of a field nested in an object type. */
export function nestedHint(parent: NameHint, field: string): NameHint {
  return { base: parent.base + pascalCase(field), suffix: parent.suffix };
}

/** The type names taken so far: named schemas must be unique, derived names are numbered apart. */
export class TypeNames {
  private readonly taken = new Set<string>(['Query', 'Mutation', 'Subscription', 'DateTime']);

  /** Takes a name given by `.meta({ id })`; two different schemas may not share one. */
  claim(name: string): string {
    if (this.taken.has(name)) throw graphqlError('TRELLIS_ERR_GRAPHQL_TYPE_NAME_TAKEN', name);
    this.taken.add(name);
    return name;
  }

  /** Takes a derived name, adding a number when it is already taken (`TaskResult2`). */
  derive(name: string): string {
    let candidate = name;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${name}${n}`;
    this.taken.add(candidate);
    return candidate;
  }
}
