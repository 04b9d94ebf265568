export type { CorsOptions, OriginPredicate } from './cors-options';
export { escapeMarkup } from './escape-markup';
export { noStore } from './no-store';
export { type PagePolicy, pagePolicy } from './page-policy';
export { setCheckedHeader } from './preset-headers';
export type { SecurityHeadersOptions } from './security-headers';
