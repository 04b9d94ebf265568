import { z } from 'zod';
import { TASK_STATUSES } from '../tasks/task';

const count = (what: string) => z.number().int().describe(what);

/** How many tasks are in each state. */
const TaskCountsSchema = z
  .object(Object.fromEntries(TASK_STATUSES.map((status) => [status, count(`Tasks in ${status}`)])))
  .meta({ id: 'TaskCounts', description: 'How many tasks are in each state' });

/** `GET /dashboard/admin-stats`. */
export const AdminStatsSchema = z
  .object({
    totalUsers: count('Users in the database'),
    totalTasks: count('Tasks in the database'),
    systemUptime: count('Seconds since the process started'),
  })
  .meta({ id: 'AdminStats', description: 'Users, tasks and uptime' });

/** `GET /dashboard`: what each role sees; the parts that are not the caller's are absent. */
export const DashboardSchema = z
  .object({
    user: z
      .object({
        id: z.union([z.number().int(), z.string()]).describe('The user id'),
        username: z.string().describe('The username'),
        role: z.string().describe('The role'),
      })
      .describe('The caller'),
    adminStats: AdminStatsSchema.extend({
      usersByRole: z.record(z.string(), z.number().int()).describe('Users per role'),
      tasksByStatus: TaskCountsSchema.describe('Tasks per state'),
    })
      .optional()
      .describe('System figures (admins)'),
    systemHealth: z
      .object({
        status: z.enum(['ok', 'degraded']).describe('ok unless a part is down'),
        database: z.enum(['ok', 'unreachable']).describe('Whether the database answers'),
        memoryRssMb: count('Resident memory in MB'),
      })
      .optional()
      .describe('How the process is (admins)'),
    teamStats: z
      .object({
        members: count('Team leads, developers and viewers'),
        tasksByStatus: TaskCountsSchema.describe('Tasks per state'),
        openTasks: count('Tasks not done'),
      })
      .optional()
      .describe('Team figures (managers)'),
    pendingApprovals: count('Tasks in review').optional(),
    myTasks: z
      .object({ total: count('Your tasks'), byStatus: TaskCountsSchema.describe('Your tasks per state') })
      .optional()
      .describe('Your own work (other roles)'),
    notifications: z
      .array(
        z.object({
          type: z.literal('task_assigned').describe('What happened'),
          taskId: z.string().describe('The task'),
          title: z.string().describe("The task's title"),
          from: z.string().nullable().describe('Who created it'),
          at: z.string().describe('When (ISO time)'),
        }),
      )
      .optional()
      .describe('Tasks recently assigned to you (other roles)'),
  })
  .meta({ id: 'Dashboard', description: "The caller's dashboard" });
