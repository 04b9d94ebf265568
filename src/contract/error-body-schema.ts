import { z } from 'zod';

const errorFields = {
  statusCode: z.number().int().describe('The HTTP status'),
  error: z.string().describe('The reason phrase of the status'),
  message: z.string().describe('What went wrong, for people'),
  code: z
    .string()
    .describe(
      'A stable machine-readable code: BAD_USER_INPUT, UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, ... or a finer one',
    ),
};

/** The body of every error answer, `{ statusCode, error, message, code }`: for the error statuses of a contract. */
export const ErrorBodySchema = z.object(errorFields).meta({ id: 'Error', description: 'An error answer' });

/** A 422 body: the error body plus one detail per failed check. */
export const ValidationErrorBodySchema = z
  .object({
    ...errorFields,
    details: z
      .array(
        z.object({
          path: z.string().describe('Where the value came from, e.g. body.address.city or query.page'),
          message: z.string().describe('Why the value was refused'),
          code: z.string().describe("zod's issue code"),
        }),
      )
      .describe('One entry per failed check'),
  })
  .meta({ id: 'ValidationError', description: 'A validation error answer' });
