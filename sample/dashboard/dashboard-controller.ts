import {
  Auth,
  type AuthenticatedUser,
  Controller,
  CurrentUser,
  Description,
  Get,
  MinimumRole,
  Returns,
  Summary,
} from '../trellis';
import { AdminStatsSchema, DashboardSchema } from './dashboard-schemas';
import { DashboardService } from './dashboard-service';

/** Per-role figures from the database. */
@Controller('/dashboard')
@Description('Per-role figures from the database')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Auth()
  @Returns(DashboardSchema)
  @Summary(
    "The caller's dashboard: system figures for admins, team figures for managers, own tasks otherwise",
  )
  show(@CurrentUser() caller: AuthenticatedUser) {
    return this.dashboard.forUser(caller);
  }

  @Get('/admin-stats')
  @MinimumRole('admin')
  @Returns(AdminStatsSchema)
  @Summary('Users, tasks and uptime')
  adminStats() {
    return this.dashboard.adminStats();
  }
}
