import { DatabaseHealth } from '../database/database-health';
import {
  Controller,
  Get,
  HealthChecks,
  type ReadinessReport,
  ServiceUnavailableException,
  Summary,
} from '../trellis';

/** Liveness and readiness for load balancers and orchestrators. */
@Controller('/health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly health: HealthChecks,
  ) {}

  @Get()
  @Summary('Whether the service and its database answer')
  check(): { status: 'ok' } {
    if (!this.database.isUp()) throw new ServiceUnavailableException('Database unreachable');
    return { status: 'ok' };
  }

  @Get('/live')
  @Summary('Whether the process answers (restart it when this fails)')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('/ready')
  @Summary(
    'Whether to send traffic here: 503 while the database or Redis is unreachable, or while shutting down',
  )
  async ready(): Promise<{ status: 'ok'; checks: ReadinessReport['checks'] }> {
    const report = await this.health.readiness();
    if (!report.ready) {
      const down = Object.keys(report.checks).filter((name) => report.checks[name] === 'down');
      const reason = report.shuttingDown ? 'shutting down' : `${down.join(', ')} unreachable`;
      throw new ServiceUnavailableException(`Not ready: ${reason}`, { headers: { 'Retry-After': '5' } });
    }
    return { status: 'ok', checks: report.checks };
  }
}
