import { z } from 'zod';
import { DatabaseHealth } from '../database/database-health';
import {
  Controller,
  Description,
  Get,
  HealthChecks,
  Returns,
  ServiceUnavailableException,
  Summary,
  Throws,
} from '../trellis';

const HealthSchema = z
  .object({ status: z.literal('ok').describe('Always ok: any trouble is a 503') })
  .meta({ id: 'Health', description: 'The service answers and its database too' });

const LiveSchema = z
  .object({ status: z.literal('ok').describe('Always ok: no answer means restart it') })
  .meta({ id: 'Liveness', description: 'The process answers' });

const ReadySchema = z
  .object({
    status: z.literal('ok'),
    checks: z
      .record(z.string(), z.enum(['up', 'down']))
      .describe('Each dependency checked: the database, and each Redis connection when REDIS_URL is set'),
  })
  .meta({ id: 'Readiness', description: 'Every dependency answers: send traffic here' });

/** Liveness and readiness for load balancers and orchestrators. */
@Controller('/health')
@Description('Liveness and readiness for load balancers and orchestrators')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    private readonly health: HealthChecks,
  ) {}

  @Get()
  @Returns(HealthSchema)
  @Throws(ServiceUnavailableException)
  @Summary('Whether the service and its database answer')
  async check(): Promise<{ status: 'ok' }> {
    if (!(await this.database.isUp())) throw new ServiceUnavailableException('Database unreachable');
    return { status: 'ok' };
  }

  @Get('/live')
  @Returns(LiveSchema)
  @Summary('Whether the process answers (restart it when this fails)')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('/ready')
  @Returns(ReadySchema)
  @Throws(ServiceUnavailableException)
  @Summary(
    'Whether to send traffic here: 503 while the database or Redis is unreachable, or while shutting down',
  )
  async ready(): Promise<z.infer<typeof ReadySchema>> {
    const report = await this.health.readiness();
    if (!report.ready) {
      const down = Object.keys(report.checks).filter((name) => report.checks[name] === 'down');
      const reason = report.shuttingDown ? 'shutting down' : `${down.join(', ')} unreachable`;
      throw new ServiceUnavailableException(`Not ready: ${reason}`, { headers: { 'Retry-After': '5' } });
    }
    return { status: 'ok', checks: report.checks };
  }
}
