/** One GraphQL error as Apollo sends it. */
export interface GraphqlErrorBody {
  message: string;
  path?: string[];
  extensions: {
    code: string;
    statusCode?: number;
    details?: { path: string; message: string; code: string }[];
  };
}

/** A GraphQL HTTP response: its status and JSON body. */
export interface GraphqlResponse {
  status: number;
  body: { data?: Record<string, any> | null; errors?: GraphqlErrorBody[] };
}

/** What a spec may add to a GraphQL POST. */
export interface PostOptions {
  variables?: Record<string, unknown>;
  headers?: Record<string, string>;
  path?: string;
}

/** POSTs one GraphQL operation as JSON, as a client would. */
export async function postGraphql(
  url: string,
  query: string,
  options: PostOptions = {},
): Promise<GraphqlResponse> {
  const response = await fetch(`${url}${options.path ?? '/graphql'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: JSON.stringify({ query, variables: options.variables }),
    signal: AbortSignal.timeout(5000),
  });
  return { status: response.status, body: (await response.json()) as GraphqlResponse['body'] };
}
