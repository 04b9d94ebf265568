import type { AppContainer } from '../../container/app-container';
import type { OpenApiDocument, SecuritySchemeObject } from './document-types';
import { BEARER_AUTH } from './route-security';

/** One entry of `components.securitySchemes`: its name and what it is. */
export interface NamedSecurityScheme {
  readonly name: string;
  readonly scheme: SecuritySchemeObject;
}

/**
 * Container token: the security schemes a guarded route accepts (any one of them), bound by the
 * module that authenticates callers, which alone knows how its credential is sent (the auth
 * module's `scheme` option). Unbound, guarded routes use `bearerAuth`: HTTP bearer, a JWT.
 */
export const SECURITY_SCHEMES = Symbol.for('trellis.openapi.security-schemes');

/** The schemes bound under `SECURITY_SCHEMES`, if a module bound them. */
export function boundSecuritySchemes(container: AppContainer): readonly NamedSecurityScheme[] | undefined {
  return container.isBound(SECURITY_SCHEMES)
    ? container.get<readonly NamedSecurityScheme[]>(SECURITY_SCHEMES)
    : undefined;
}

/**
 * `document` with `schemes` in place of `bearerAuth`: declared in its components, and each guarded
 * operation satisfied by any one of them. Without schemes, or without a guarded route, unchanged.
 */
export function withSecuritySchemes(
  document: OpenApiDocument,
  schemes: readonly NamedSecurityScheme[] | undefined,
): OpenApiDocument {
  if (!schemes?.length || !document.components.securitySchemes) return document;
  document.components.securitySchemes = Object.fromEntries(schemes.map(({ name, scheme }) => [name, scheme]));
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item)) {
      if (!operation?.security) continue;
      operation.security = operation.security.flatMap((requirement) =>
        BEARER_AUTH in requirement
          ? schemes.map(({ name }) => ({ [name]: requirement[BEARER_AUTH] }))
          : [requirement],
      );
    }
  return document;
}
