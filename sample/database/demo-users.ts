import { existsSync } from 'node:fs';
import bcrypt from 'bcrypt';
import type { SampleConfig } from '../config';

/** The demo users, one per reference role, named after it. */
export const DEMO_USERNAMES = ['admin', 'manager', 'team_lead', 'developer', 'viewer'] as const;

/**
 * The bcrypt hash the demo users share: one published password, so one hash serves them all (at
 * cost 12 each hash is a third of a second).
 */
export function hashDemoPassword(config: SampleConfig): Promise<string> {
  // The salt is made here: given only a cost, bcrypt makes it on a worker, then waits for the main
  // thread (busy starting up) before hashing, which puts the hash after start-up instead of beside it.
  return bcrypt.hash(config.demoPassword, bcrypt.genSaltSync(config.bcryptRounds));
}

/** Whether the database is yet to be created, so that it certainly needs every demo user. */
export function isNewDatabase(file: string): boolean {
  return file === ':memory:' || !existsSync(file);
}
