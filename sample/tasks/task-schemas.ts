import { z } from 'zod';
import { TASK_STATUSES } from './task';

/** One of the task states. */
export const TaskStatusSchema = z.enum(TASK_STATUSES).meta({ id: 'TaskStatus' });

/** `POST /tasks` and the GraphQL `createTask` input. */
export const CreateTaskSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().max(2000).optional(),
    status: TaskStatusSchema.default('todo'),
    assigneeId: z.number().int().positive().optional(),
  })
  .meta({ id: 'CreateTaskInput' });
export type CreateTaskInput = z.input<typeof CreateTaskSchema>;

const TaskUserSchema = z.object({ id: z.number().int(), username: z.string() }).meta({ id: 'TaskUser' });

/** A task as responses show it. */
export const TaskSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    status: TaskStatusSchema,
    assignee: TaskUserSchema.nullable(),
    createdBy: TaskUserSchema.nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Task' });
