import type { AppOptions } from './app-options';
import { Application } from './application';

/**
 * Creates a Trellis application.
 * @example const app = createApp({ controllers: [HelloController] }); await app.listen(3000);
 */
export function createApp(options: AppOptions = {}): Application {
  return new Application(options);
}
