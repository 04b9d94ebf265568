import request from 'supertest';
import { createSampleApp } from '../../../sample/create-sample-app';
import type { EngineName } from '../../../src/engine/engine';
import { type Served, serve } from '../../support/serve';
import { DEMO_PASSWORD, specConfig } from './sample-env';

/** A running sample and a way to log its users in. */
export interface SampleServer extends Served {
  /** Logs `username` in and returns its access token. */
  token(username: string, password?: string): Promise<string>;
}

/** Starts the whole sample on `engine` (in-memory database, fast bcrypt) on an ephemeral port. */
export async function startSample(
  engine: EngineName,
  overrides: Record<string, string | undefined> = {},
): Promise<SampleServer> {
  const served = await serve(createSampleApp(specConfig({ TRELLIS_ENGINE: engine, ...overrides })));
  return {
    ...served,
    async token(username, password = DEMO_PASSWORD) {
      const res = await request(served.url).post('/auth/login').send({ username, password }).expect(200);
      return res.body.accessToken as string;
    },
  };
}
