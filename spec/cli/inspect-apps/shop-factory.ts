// The same application behind an asynchronous factory, as the default export.
import { createApp } from '../../../index';
import { ProductsController } from './shop-app';

/** Makes the application once its configuration is read. */
export default async function makeApp() {
  await new Promise((resolve) => setImmediate(resolve));
  return createApp({ controllers: [ProductsController] });
}
