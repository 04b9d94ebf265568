import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SampleConfig } from '../config';
import { SAMPLE_CONFIG } from '../tokens';
import { Inject, Injectable } from '../trellis';

/** One message the mailer sends. */
export interface Mail {
  to: string;
  subject: string;
  userId: string;
}

/**
 * The sample's mailer: it "sends" a message by appending one JSON line `{ to, subject, userId, at }`
 * to `MAIL_LOG_FILE`; an application would call its mail provider here.
 */
@Injectable()
export class Mailer {
  private readonly file: string;

  constructor(@Inject(SAMPLE_CONFIG) config: SampleConfig) {
    this.file = config.mailLogFile;
  }

  async send(mail: Mail): Promise<void> {
    await mkdir(dirname(this.file), { recursive: true });
    await appendFile(this.file, `${JSON.stringify({ ...mail, at: new Date().toISOString() })}\n`);
  }
}
