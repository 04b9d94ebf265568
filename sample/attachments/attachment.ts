import { z } from 'zod';

/** A file attached to a task, as the API shows it. */
export const AttachmentSchema = z
  .object({
    id: z.uuid(),
    filename: z.string(),
    mimeType: z.string(),
    size: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  })
  .meta({ id: 'Attachment' });

/** A file attached to a task. */
export type Attachment = z.infer<typeof AttachmentSchema>;
