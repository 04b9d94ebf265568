import { z } from 'zod';

const path = z.string().startsWith('/', "must start with '/'");
const urls = z.array(z.url());

/** The schema `install('mcp', options)` checks its options against. */
export const mcpOptionsSchema = z.object({
  path: path.optional(),
  name: z.string().min(1).optional(),
  version: z.string().min(1).optional(),
  instructions: z.string().optional(),
  providers: z
    .array(z.custom<Function>((value) => typeof value === 'function', 'must be a class'))
    .optional(),
  allowedOrigins: urls.optional(),
  allowedHosts: z.array(z.string().min(1)).optional(),
  authorizationServers: urls.optional(),
});
