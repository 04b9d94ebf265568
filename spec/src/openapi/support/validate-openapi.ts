import { Validator } from '@seriousme/openapi-schema-validator';

/** The verdict of the OpenAPI schema validator (refs resolved), with its errors readable in a failure message. */
export async function validateOpenApi(document: object): Promise<{ valid: boolean; errors: string }> {
  const result = await new Validator().validate(document as Record<string, unknown>);
  return { valid: result.valid, errors: JSON.stringify(result.errors ?? [], null, 2) };
}
