import { Auth, type AuthenticatedUser, Controller, CurrentUser, Get, MinimumRole, Summary } from '../trellis';
import { DashboardService } from './dashboard-service';

/** Per-role figures from the database. */
@Controller('/dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get()
  @Auth()
  @Summary(
    "The caller's dashboard: system figures for admins, team figures for managers, own tasks otherwise",
  )
  show(@CurrentUser() caller: AuthenticatedUser) {
    return this.dashboard.forUser(caller);
  }

  @Get('/admin-stats')
  @MinimumRole('admin')
  @Summary('Users, tasks and uptime')
  adminStats() {
    return this.dashboard.adminStats();
  }
}
