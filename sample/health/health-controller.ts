import { DatabaseHealth } from '../database/database-health';
import { Controller, Get, ServiceUnavailableException, Summary } from '../trellis';

/** Liveness for load balancers and orchestrators. */
@Controller('/health')
export class HealthController {
  constructor(private readonly database: DatabaseHealth) {}

  @Get()
  @Summary('Whether the service and its database answer')
  check(): { status: 'ok' } {
    if (!this.database.isUp()) throw new ServiceUnavailableException('Database unreachable');
    return { status: 'ok' };
  }
}
