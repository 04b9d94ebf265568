import 'reflect-metadata';

export type { AppOptions, GraphqlOptions, OpenApiOptions } from './app/app-options';
export { Application } from './app/application';
export { createApp } from './app/create-app';
export { defineModule, type ModuleOptionsMap, type TrellisModule } from './app/module-registry';
export * from './decorators';
export type { Engine, EngineName, Middleware } from './engine/engine';
export * from './errors';
export type { GuardCheck, GuardDefinition, GuardSite } from './guards/guard-registry';
export type { Class, DependencyFunction, Provider } from './metadata/types';
export type { CompiledRoute } from './routing/compiled-route';
export type { AuthenticatedUser, RequestContext } from './routing/request-context';
export * from './validation';
export * from './graphql';
export * from './openapi';
export * from './pagination';
export * from './rate-limit';
export * from './websocket';
