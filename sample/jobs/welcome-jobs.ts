import { z } from 'zod';
import { Injectable, Job, type JobContext } from '../trellis';
import { UsersRepository } from '../users/users-repository';
import { Mailer } from './mailer';

declare module '../../src/jobs/job-payload-map' {
  interface JobPayloadMap {
    /** Sends the welcome message to a user who just registered or was created. */
    'send-welcome': { userId: string };
  }
}

/** The welcome message, sent after the transaction that created the user has committed. */
@Injectable()
export class WelcomeJobs {
  constructor(
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
  ) {}

  // At least once: a run cut off after the mail but before the job is marked done sends it again.
  @Job('send-welcome', z.object({ userId: z.string() }))
  async send(payload: { userId: string }, _job: JobContext): Promise<void> {
    const user = await this.users.findById(Number(payload.userId));
    if (!user) return; // deleted since: nobody to welcome
    await this.mailer.send({
      to: user.email,
      subject: `Bienvenido a Trellis, ${user.username}`,
      userId: payload.userId,
    });
  }
}
