// The uploads feature's barrel: the one path the rest of the repository imports it by.
export type { ReceivedForm } from './read-multipart';
export { receivedFormOf } from './received-forms';
export { FormFields, UploadedFile, UploadedFiles } from './upload-decorators';
export { uploadModule } from './upload-module';
export type {
  UploadInfo,
  UploadManyOptions,
  UploadModuleOptions,
  UploadOptions,
  UploadSink,
} from './upload-options';
