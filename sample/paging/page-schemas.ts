import { type ZodType, z } from 'zod';

/** The meta of an offset page. */
export const PageMetaSchema = z
  .object({
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    totalPages: z.number().int(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
    from: z.number().int(),
    to: z.number().int(),
  })
  .meta({ id: 'PageMeta' });

/** The meta of a cursor page; a cursor is null when there is no page that way. */
export const CursorMetaSchema = z
  .object({
    count: z.number().int(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
  })
  .meta({ id: 'CursorMeta' });

/** An offset page of `item`, named `id`. */
export function offsetPageSchema(item: ZodType, id: string) {
  return z.object({ data: z.array(item), meta: PageMetaSchema }).meta({ id });
}

/** A cursor page of `item`, named `id`. */
export function cursorPageSchema(item: ZodType, id: string) {
  return z.object({ data: z.array(item), meta: CursorMetaSchema }).meta({ id });
}
