import type { NamedSecurityScheme } from '../../src/openapi';

// The name OpenAPI documents have always given the bearer scheme; clients may refer to it.
const BEARER_SCHEME: NamedSecurityScheme = {
  name: 'bearerAuth',
  scheme: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
};

// Component names allow letters, digits, `.`, `-` and `_` only.
function componentName(scheme: string, taken: Set<string>): string {
  const base = `${scheme.toLowerCase().replace(/[^a-z0-9._-]/g, '_')}Auth`;
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
  taken.add(name);
  return name;
}

/**
 * The OpenAPI security schemes of the `Authorization` schemes the auth module accepts, any one of
 * them: `Bearer` is HTTP bearer authentication (`bearerAuth`); another word, which OpenAPI's
 * `http` type cannot name outside the IANA registry, is the `Authorization` header as an API key
 * (`tokenAuth` for `Token`) whose description says to send `Token <jwt>`.
 */
export function documentedSchemes(schemes: readonly string[]): NamedSecurityScheme[] {
  const taken = new Set<string>([BEARER_SCHEME.name]);
  return schemes.map((scheme) =>
    scheme.toLowerCase() === 'bearer'
      ? BEARER_SCHEME
      : {
          name: componentName(scheme, taken),
          scheme: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: `An access token (JWT) in the Authorization header as \`${scheme} <jwt>\`: the word ${scheme}, one space, then the token.`,
          },
        },
  );
}
