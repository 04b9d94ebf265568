export { corsMiddleware } from './cors';
export type { CorsOptions, OriginPredicate } from './cors-options';
export { credentialedNoStore } from './credentialed-no-store';
export { escapeMarkup } from './escape-markup';
export { noStore } from './no-store';
export { type PagePolicy, pagePolicy } from './page-policy';
export { setCheckedHeader } from './preset-headers';
export { type SecurityHeadersOptions, securityHeaders } from './security-headers';
