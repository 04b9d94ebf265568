import type { Application } from '../app/application';
import type { TrellisFeature } from '../kernel/modules/trellis-feature';
import { uploadExtension } from './upload-extension';

/** Reads multipart bodies for `UploadedFile`, `UploadedFiles` and `FormFields`. Installed by `createApp`. */
export const uploadModule: TrellisFeature<undefined> = {
  name: 'uploads',
  install(app: Application) {
    app.routeExtensions.push(uploadExtension);
  },
};
