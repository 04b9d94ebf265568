import { z } from 'zod';

/** The largest page a list answers with. */
export const MAX_PAGE_SIZE = 100;

/**
 * `?page=&limit=` asks for offset pagination, `?cursor=&limit=&direction=` (or nothing) for
 * cursor pagination; mixing the two is refused rather than guessed.
 */
export const ListQuerySchema = z
  .object({
    page: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().positive().max(MAX_PAGE_SIZE).optional(),
    cursor: z.string().min(1).max(2048).optional(),
    direction: z.enum(['next', 'prev']).optional(),
  })
  .refine(
    (query) => query.page === undefined || (query.cursor === undefined && query.direction === undefined),
    {
      message: 'Use page for offset pagination or cursor and direction for cursor pagination, not both',
      path: ['page'],
    },
  );

/** A validated list query. */
export type ListQuery = z.infer<typeof ListQuerySchema>;
