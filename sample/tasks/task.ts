/** The states a task moves through. */
export const TASK_STATUSES = ['todo', 'in_progress', 'review', 'done'] as const;

/** One of `TASK_STATUSES`. */
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** A user as a task refers to it. */
export interface TaskUser {
  id: number;
  username: string;
}

/** A task as the API shows it; `createdAt` is an ISO time with milliseconds. */
export interface Task {
  id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  assignee: TaskUser | null;
  createdBy: TaskUser | null;
  createdAt: string;
}

/** What creating a task stores. */
export interface NewTask {
  id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  assigneeId: number | null;
  createdById: number;
  createdAt: string;
}

/** How many tasks are in each state. */
export type TaskCounts = Record<TaskStatus, number>;
