import { existsSync } from 'node:fs';
import bcrypt from 'bcrypt';
import { DEFAULT_DEMO_PASSWORD, type SampleConfig } from '../config';

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

/** Whether a start creates the demo users: always in development, in production only for a `DEMO_PASSWORD` of one's own. */
export function seedsDemoUsers(config: SampleConfig): boolean {
  return config.env !== 'production' || config.demoPassword !== DEFAULT_DEMO_PASSWORD;
}

/**
 * The demo users' hash, begun now on a libuv thread, when this start seeds them on a new
 * database; otherwise `undefined`.
 */
export function demoPasswordHashToSeed(config: SampleConfig): Promise<string> | undefined {
  return seedsDemoUsers(config) && config.databaseFile !== undefined && isNewDatabase(config.databaseFile)
    ? hashDemoPassword(config)
    : undefined;
}
