// A client of the sample's API, typed by its contract with no generation step: it logs in, pages
// through /tasks with the cursor, creates a task and handles each refusal by its status.
// Run it against a running sample: BASE_URL=http://127.0.0.1:3000 node dist/examples/tasks-client.js
import { createClient } from 'trellis/client';
import { sampleApi } from '../sample/api/sample-api';

/** Who logs in, and what the run tries besides paging and creating. */
export interface ExampleRun {
  baseUrl: string;
  username: string;
  password: string;
  /** A user id to assign the new task to (someone else needs tasks.assign; unknown is 422). */
  assigneeId?: number;
  /** A username to create (taken is 409; without users.create, 403). */
  newUsername?: string;
}

/** Logs in, pages through every task, creates one, then looks up a task that does not exist. */
export async function runExample(run: ExampleRun, log: (line: string) => void = console.log): Promise<void> {
  let token = '';
  const api = createClient(sampleApi, {
    baseUrl: run.baseUrl,
    headers: (): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {}),
  });

  const login = await api.login({ body: { username: run.username, password: run.password } });
  switch (login.status) {
    case 200:
      token = login.body.accessToken;
      log(`logged in as ${login.body.user.username} (${login.body.user.role})`);
      break;
    case 401:
      log(`login refused: ${login.body.message} [${login.body.code}]`);
      return;
    case 429:
    case 503:
      log(`login: try again in ${login.headers.get('retry-after') ?? 'a moment'} s [${login.body.code}]`);
      return;
    default:
      log(`login: ${login.status} ${login.body.message}`);
      return;
  }

  let cursor: string | undefined;
  let seen = 0;
  for (let pages = 1; ; pages++) {
    const page = await api.listTasks({ query: { limit: 5, cursor } });
    if (page.status !== 200) {
      log(`tasks: ${page.status} ${page.body.message} [${page.body.code}]`);
      return;
    }
    seen += page.body.data.length;
    const next = 'nextCursor' in page.body.meta ? page.body.meta.nextCursor : null;
    if (next === null) {
      log(`read ${seen} tasks in ${pages} pages`);
      break;
    }
    cursor = next;
  }

  const made = await api.createTask({
    body: { title: 'Write the release notes', assigneeId: run.assigneeId },
  });
  switch (made.status) {
    case 201:
      log(`created task "${made.body.title}" at ${made.headers.get('location')}`);
      break;
    case 403:
      log(`not allowed to create that task: ${made.body.code}`);
      break;
    case 422:
      log(`task refused: ${made.body.details.map((detail) => detail.path).join(', ')}`);
      break;
    default:
      log(`create task: ${made.status} [${made.body.code}]`);
  }

  const missing = await api.getTask({ params: { id: 'no-such-task' } });
  if (missing.status === 404) log(`no task no-such-task [${missing.body.code}]`);
  else if (missing.status === 200) log(`found ${missing.body.title}`);
  else log(`get task: ${missing.status} [${missing.body.code}]`);

  if (run.newUsername === undefined) return;
  const user = await api.createUser({
    body: {
      username: run.newUsername,
      email: `${run.newUsername}@example.com`,
      password: 'Str0ng-pass!',
      role: 'viewer',
    },
  });
  switch (user.status) {
    case 201:
      log(`created user ${user.body.user.username}`);
      break;
    case 409:
      log(`username taken [${user.body.code}]`);
      break;
    case 403:
      log(`not allowed to create users [${user.body.code}]`);
      break;
    default:
      log(`create user: ${user.status} [${user.body.code}]`);
  }
}

if (require.main === module) {
  runExample({
    baseUrl: process.env.BASE_URL ?? 'http://127.0.0.1:3000',
    username: process.env.USERNAME ?? 'developer',
    password: process.env.PASSWORD ?? 'Demo-pass-123!',
  }).catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
