import { DatabaseHealth } from '../database/database-health';
import type { Task, TaskCounts } from '../tasks/task';
import { TasksRepository } from '../tasks/tasks-repository';
import { type AuthenticatedUser, Injectable } from '../trellis';
import { UsersRepository } from '../users/users-repository';

const NOTIFICATION_COUNT = 5;
// The roles a manager's team is made of.
const TEAM_ROLES = ['team_lead', 'developer', 'viewer'];

/** Figures for admins. */
export interface AdminStats {
  totalUsers: number;
  totalTasks: number;
  systemUptime: number;
}

/** What `GET /dashboard/` shows each role, read from the database on every call. */
export interface Dashboard {
  user: { id: AuthenticatedUser['id']; username: string; role: string };
  adminStats?: AdminStats & { usersByRole: Record<string, number>; tasksByStatus: TaskCounts };
  systemHealth?: { status: 'ok' | 'degraded'; database: 'ok' | 'unreachable'; memoryRssMb: number };
  teamStats?: { members: number; tasksByStatus: TaskCounts; openTasks: number };
  pendingApprovals?: number;
  myTasks?: { total: number; byStatus: TaskCounts };
  notifications?: { type: 'task_assigned'; taskId: string; title: string; from: string | null; at: string }[];
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** The dashboard's figures: admins see the system, managers their team, everyone else their own work. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly users: UsersRepository,
    private readonly tasks: TasksRepository,
    private readonly database: DatabaseHealth,
  ) {}

  /** The dashboard of `caller`, by role. */
  async forUser(caller: AuthenticatedUser): Promise<Dashboard> {
    const user = { id: caller.id, username: caller.username, role: caller.role };
    if (caller.role === 'admin') {
      return {
        user,
        adminStats: {
          ...(await this.adminStats()),
          usersByRole: await this.users.countByRole(),
          tasksByStatus: await this.tasks.countByStatus(),
        },
        systemHealth: await this.systemHealth(),
      };
    }
    if (caller.role === 'manager') {
      const tasksByStatus = await this.tasks.countByStatus();
      const byRole = await this.users.countByRole();
      return {
        user,
        teamStats: {
          members: TEAM_ROLES.reduce((total, role) => total + (byRole[role] ?? 0), 0),
          tasksByStatus,
          openTasks: sum(tasksByStatus) - tasksByStatus.done,
        },
        pendingApprovals: tasksByStatus.review,
      };
    }
    const mine = await this.tasks.countByStatus(Number(caller.id));
    return {
      user,
      myTasks: { total: sum(mine), byStatus: mine },
      notifications: (await this.tasks.recentlyAssignedTo(Number(caller.id), NOTIFICATION_COUNT)).map(
        toNotification,
      ),
    };
  }

  /** Users, tasks and seconds since the process started. */
  async adminStats(): Promise<AdminStats> {
    return {
      totalUsers: await this.users.count(),
      totalTasks: await this.tasks.count(),
      systemUptime: Math.round(process.uptime()),
    };
  }

  private async systemHealth(): Promise<NonNullable<Dashboard['systemHealth']>> {
    const up = await this.database.isUp();
    return {
      status: up ? 'ok' : 'degraded',
      database: up ? 'ok' : 'unreachable',
      memoryRssMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
    };
  }
}

function toNotification(task: Task): NonNullable<Dashboard['notifications']>[number] {
  return {
    type: 'task_assigned',
    taskId: task.id,
    title: task.title,
    from: task.createdBy?.username ?? null,
    at: task.createdAt,
  };
}
