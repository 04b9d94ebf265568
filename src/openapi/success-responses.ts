import { HTTP_STATUS, reasonPhrase } from '../kernel';
import { CONTRACT_ROUTE, type CompiledRoute, MEDIA_ANSWER, RETURNS } from '../routing';
import type { ResponseObject } from './document-types';

const { NO_CONTENT } = HTTP_STATUS;

// A 204 never carries a body (RFC 9110 15.3.5): documented without content.
function withoutContent(response: ResponseObject): ResponseObject {
  if ('$ref' in response) return response;
  return { description: response.description, ...(response.headers && { headers: response.headers }) };
}

// A handler that returns nothing is answered 204 (write-response.ts). A route whose body is
// declared (Returns, a media type, a contract) is documented by that declaration alone; one
// with Res() writes its own answer.
function mayAnswerNothing(route: CompiledRoute): boolean {
  const { handler } = route;
  return (
    !handler.get(RETURNS) &&
    !handler.get(MEDIA_ANSWER) &&
    !handler.get(CONTRACT_ROUTE) &&
    !handler.params.some((param) => param.kind === 'res')
  );
}

/**
 * The success answers of a route as it serves them: its status (`HttpCode(204)` without content),
 * and 204 beside it where the handler declares no body, since returning nothing answers 204.
 */
export function successResponses(
  route: CompiledRoute,
  response: ResponseObject,
): Record<string, ResponseObject> {
  if (route.status === NO_CONTENT) return { [String(route.status)]: withoutContent(response) };
  const responses: Record<string, ResponseObject> = { [String(route.status)]: response };
  if (mayAnswerNothing(route))
    responses[String(NO_CONTENT)] = {
      description: `${reasonPhrase(NO_CONTENT)}: when the handler returns nothing`,
    };
  return responses;
}
