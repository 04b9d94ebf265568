import type { ModuleHost, TrellisFeature } from '../kernel';
import { multipartBodyHook, uploadCleanupHook } from './upload-extension';
import { DEFAULT_UPLOADS_PER_CLIENT, type UploadModuleOptions } from './upload-options';
import { UPLOAD_OPTIONS_SCHEMA } from './upload-options-schema';
import { UploadsInProgress } from './uploads-in-progress';

/**
 * Reads multipart bodies for `UploadedFile`, `UploadedFiles` and `FormFields`, caps the uploads
 * of one client, and aborts those in progress (their partial files removed) when the application
 * closes. Installed by `createApp` with its `uploads` option.
 */
export const uploadModule: TrellisFeature<UploadModuleOptions | undefined> = {
  name: 'uploads',
  option: 'uploads',
  schema: UPLOAD_OPTIONS_SCHEMA,
  install(app: ModuleHost, options: UploadModuleOptions | undefined) {
    const uploads = new UploadsInProgress(options?.maxConcurrentPerClient ?? DEFAULT_UPLOADS_PER_CLIENT);
    app.pipeline.add(multipartBodyHook(uploads)).add(uploadCleanupHook(uploads));
    app.onShutdown(() => uploads.abortAll());
  },
};
