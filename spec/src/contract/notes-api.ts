import { z } from 'zod';
import { contract, ErrorBodySchema, ValidationErrorBodySchema } from '../../../src/client';

/** A note as the API shows it. */
export const NoteSchema = z.object({ id: z.string(), text: z.string(), pinned: z.boolean() });

/** A small contract the server and client specs share. */
export const notesApi = contract({
  listNotes: {
    method: 'GET',
    path: '/notes',
    query: z.object({ pinned: z.enum(['true', 'false']).optional(), tag: z.array(z.string()).optional() }),
    responses: { 200: z.array(NoteSchema), 422: ValidationErrorBodySchema },
  },
  getNote: {
    method: 'GET',
    path: '/notes/:id',
    params: z.object({ id: z.string().regex(/^n\d+$/) }),
    responses: { 200: NoteSchema, 404: ErrorBodySchema, 422: ValidationErrorBodySchema },
    summary: 'One note',
  },
  createNote: {
    method: 'POST',
    path: '/notes',
    body: z.object({ text: z.string().min(1), pinned: z.boolean().default(false) }),
    headers: z.object({ 'x-author': z.string().min(2) }),
    responses: {
      201: NoteSchema,
      409: ErrorBodySchema,
      422: ValidationErrorBodySchema,
      429: ErrorBodySchema,
      503: ErrorBodySchema,
    },
    responseHeaders: { 201: z.object({ Location: z.string().describe('Where the new note is') }) },
  },
  removeNote: {
    method: 'DELETE',
    path: '/notes/:id',
    params: z.object({ id: z.string() }),
    responses: { 204: null, 404: ErrorBodySchema },
  },
  readFile: {
    method: 'GET',
    path: '/files/*rest',
    params: z.object({ rest: z.string() }),
    responses: { 200: z.object({ rest: z.string() }) },
  },
});
