import type { Logger } from 'pino';
import type { AppService, ServiceStage } from './app-service';
import { settleAll } from './settle-each';

/**
 * The application's services, started by stage and stopped together. Starting is in the order
 * they were added (a module's tables before the workers that read them); stopping is side by
 * side, under the one deadline of `close()`.
 */
export class Services {
  private readonly all: AppService[] = [];
  private readonly started: AppService[] = [];
  private readonly starting = new Map<ServiceStage, Promise<void>>();

  constructor(private readonly logger: Logger) {}

  /** Adds a service; it starts with its stage (services are added while the app is built). */
  add(service: AppService): void {
    this.all.push(service);
  }

  /** Starts the services of one stage, once; a failure rejects (the app cannot serve without them). */
  start(stage: ServiceStage): Promise<void> {
    let starting = this.starting.get(stage);
    if (!starting) {
      starting = this.startEach(stage);
      this.starting.set(stage, starting);
    }
    return starting;
  }

  /** Stops the started services of `stage` side by side, by `deadline`; failures are logged. */
  async stop(stage: ServiceStage, deadline: number): Promise<void> {
    const stopping = this.started.filter((service) => (service.stage ?? 'serve') === stage);
    await settleAll(
      stopping.reverse().map((service) => ({ name: service.name, run: () => service.stop?.(deadline) })),
      this.logger,
      'stopping a service',
    );
  }

  private async startEach(stage: ServiceStage): Promise<void> {
    for (const service of this.all) {
      if ((service.stage ?? 'serve') !== stage) continue;
      await service.start?.();
      this.started.push(service);
    }
  }
}
