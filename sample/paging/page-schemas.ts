import { type ZodType, z } from 'zod';

/** The meta of an offset page. */
export const PageMetaSchema = z
  .object({
    total: z.number().int().describe('Items in all pages'),
    page: z.number().int().describe('This page, from 1'),
    limit: z.number().int().describe('Items per page'),
    totalPages: z.number().int().describe('How many pages there are'),
    hasNext: z.boolean().describe('Whether a later page exists'),
    hasPrev: z.boolean().describe('Whether an earlier page exists'),
    from: z.number().int().describe('Position of the first item of this page, from 1 (0 when empty)'),
    to: z.number().int().describe('Position of the last item of this page (0 when empty)'),
  })
  .meta({ id: 'PageMeta', description: 'Where an offset page sits' });

/** The meta of a cursor page; a cursor is null when there is no page that way. */
export const CursorMetaSchema = z
  .object({
    count: z.number().int().describe('Items in this page'),
    hasNext: z.boolean().describe('Whether items follow'),
    hasPrev: z.boolean().describe('Whether items precede'),
    nextCursor: z.string().nullable().describe('Give it as `cursor` for the next page'),
    prevCursor: z
      .string()
      .nullable()
      .describe("Give it as `cursor` with `direction: 'prev'` for the previous page"),
  })
  .meta({ id: 'CursorMeta', description: 'Where a cursor page sits' });

/** An offset page of `item`, named `id`. */
export function offsetPageSchema<T extends ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item).describe('The items of this page'),
      meta: PageMetaSchema.describe('Where the page sits'),
    })
    .meta({ id, description: 'One offset page' });
}

/** A cursor page of `item`, named `id`. */
export function cursorPageSchema<T extends ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item).describe('The items of this page'),
      meta: CursorMetaSchema.describe('Where the page sits'),
    })
    .meta({ id, description: 'One cursor page' });
}

/** A page of `item` as list routes answer: offset with `?page=`, cursor otherwise. */
export function listPageSchema<T extends ZodType>(item: T, id: string) {
  return z
    .union([offsetPageSchema(item, `${id}OffsetPage`), cursorPageSchema(item, `${id}CursorPage`)])
    .meta({ id: `${id}List`, description: 'An offset page (with ?page=) or a cursor page' });
}
