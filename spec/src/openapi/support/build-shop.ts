import type { AppOptions } from '../../../../src';
import { createApp } from '../../../../src';
import { SHOP_CONTROLLERS } from './shop-app';
import { standInGuards } from './stand-in-guards';

/** The shop application (every controller, the stand-in guards) with extra options. */
export function buildShop(options: AppOptions = {}) {
  return createApp({ controllers: SHOP_CONTROLLERS, ...options }).install(standInGuards, undefined);
}
