import 'reflect-metadata';

// Specs assert on responses, not on log output; a spec that checks logging passes its own logger.
process.env.LOG_LEVEL ??= 'silent';
