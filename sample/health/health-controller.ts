import { z } from 'zod';
import { DatabaseHealth } from '../database/database-health';
import {
  Controller,
  Description,
  Get,
  Returns,
  ServiceUnavailableException,
  Summary,
  Throws,
} from '../trellis';

const HealthSchema = z
  .object({ status: z.literal('ok').describe('Always ok: any trouble is a 503') })
  .meta({ id: 'Health', description: 'The service answers and its database too' });

/** Liveness for load balancers and orchestrators. */
@Controller('/health')
@Description('Liveness for load balancers and orchestrators')
export class HealthController {
  constructor(private readonly database: DatabaseHealth) {}

  @Get()
  @Returns(HealthSchema)
  @Throws(ServiceUnavailableException)
  @Summary('Whether the service and its database answer')
  check(): { status: 'ok' } {
    if (!this.database.isUp()) throw new ServiceUnavailableException('Database unreachable');
    return { status: 'ok' };
  }
}
