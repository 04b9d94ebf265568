import type { Application } from '../app/application';
import type { TrellisModule } from '../kernel/modules/module-registry';
import { uploadExtension } from './upload-extension';

/** Reads multipart bodies for `UploadedFile`, `UploadedFiles` and `FormFields`. Installed by `createApp`. */
export const uploadModule: TrellisModule<undefined> = {
  name: 'uploads',
  install(app: Application) {
    app.routeExtensions.push(uploadExtension);
  },
};
