import type { RateLimitLogger } from '../../../src';
import { Controller, Get } from '../../../src';

@Controller('/limited')
export class LimitedController {
  @Get()
  root() {
    return { ok: true };
  }

  @Get('/deeper')
  deeper() {
    return { ok: true };
  }
}

@Controller('/free')
export class FreeController {
  @Get()
  root() {
    return { ok: true };
  }
}

/** A logger that keeps what express-rate-limit reports, so specs can assert it stayed quiet. */
export function recordingLogger(): RateLimitLogger & { messages: unknown[] } {
  const messages: unknown[] = [];
  return { messages, warn: (error) => messages.push(error), error: (error) => messages.push(error) };
}

export const TOO_MANY = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Too many requests, please try again later',
  code: 'TOO_MANY_REQUESTS',
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
