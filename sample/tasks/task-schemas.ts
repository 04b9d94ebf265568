import { z } from 'zod';
import { TASK_STATUSES } from './task';

/** One of the task states. */
export const TaskStatusSchema = z.enum(TASK_STATUSES).meta({
  id: 'TaskStatus',
  description: 'Where a task stands: todo, in_progress, review or done',
  'x-enum-descriptions': {
    todo: 'Not started',
    in_progress: 'Being worked on',
    review: 'Done, waiting for a review',
    done: 'Finished',
  },
});

/** The id of a task in a path. */
export const TaskIdSchema = z.string().min(1).max(100).describe('The task id');

/** `POST /tasks` and the GraphQL `createTask` input. */
export const CreateTaskSchema = z
  .object({
    title: z.string().trim().min(1).max(200).describe('What is to be done, 1 to 200 characters'),
    description: z.string().max(2000).optional().describe('Details, up to 2000 characters'),
    status: TaskStatusSchema.default('todo').describe('Where the task starts'),
    assigneeId: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Who does it; anyone but yourself needs tasks.assign'),
  })
  .meta({ id: 'CreateTaskInput', description: 'A new task' });
export type CreateTaskInput = z.input<typeof CreateTaskSchema>;

const TaskUserSchema = z
  .object({ id: z.number().int().describe('The user id'), username: z.string().describe('The username') })
  .meta({ id: 'TaskUser', description: 'A user as a task names it' });

/** A task as responses show it. */
export const TaskSchema = z
  .object({
    id: z.string().describe('The task id'),
    title: z.string().describe('What is to be done'),
    description: z.string().nullable().describe('Details, if any'),
    status: TaskStatusSchema.describe('Where the task stands'),
    assignee: TaskUserSchema.nullable().describe('Who does it, if anyone'),
    createdBy: TaskUserSchema.nullable().describe('Who created it (null once that user is deleted)'),
    createdAt: z.iso.datetime().describe('When it was created (ISO time with milliseconds)'),
  })
  .meta({ id: 'Task', description: 'A task' });
