import type { AppContainer, ServiceToken } from './app-container';
import { RecordingContainer } from './bound-classes';
import { inversify } from './inversify-runtime';

/** Inversify's `Container`, typed with Trellis's structural view so no public type needs Inversify's. */
export const Container: new () => AppContainer = RecordingContainer;
/** The application's container, as `app.container` gives it. */
export type Container = AppContainer;

/** Inversify's `inject`: injects `token` into a constructor parameter or a property. */
export const Inject: (token: ServiceToken) => ParameterDecorator & PropertyDecorator =
  inversify.inject as never;

/**
 * Where Inversify keeps a class's constructor arguments; an argument an `Inject(token)` named
 * is there without `isFromTypescriptParamType`.
 */
export const INVERSIFY_CLASS_METADATA = '@inversifyjs/core/classMetadataReflectKey';
