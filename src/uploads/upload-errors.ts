import {
  PayloadTooLargeException,
  ServiceUnavailableException,
  UnsupportedMediaTypeException,
  ValidationException,
} from '../kernel';
import { capReached } from '../rate-limit';

// The rest of a refused upload is not worth reading: the connection closes after the answer.
const CLOSE = { headers: { Connection: 'close' } };

/** The answers an upload can get, each a coded exception of the catalog. */
export const uploadErrors = {
  notMultipart: () =>
    new ValidationException(
      [{ path: 'body', message: 'Expected a multipart/form-data body', code: 'invalid_type' }],
      'Expected a multipart/form-data body',
    ),
  malformed: (problem: string) =>
    new ValidationException(
      [{ path: 'body', message: problem, code: 'invalid_multipart' }],
      'Malformed multipart body',
    ),
  missingFile: (field: string) =>
    new ValidationException([{ path: `files.${field}`, message: 'A file is required', code: 'required' }]),
  unexpectedFile: (field: string) =>
    new ValidationException([
      { path: `files.${field}`, message: 'No file is expected in this field', code: 'unrecognized_keys' },
    ]),
  fileTooLarge: (field: string, max: number) =>
    new PayloadTooLargeException(`File in field '${field}' is over ${max} bytes`, CLOSE),
  tooManyFiles: (max: number) => new PayloadTooLargeException(`More than ${max} files`, CLOSE),
  tooManyFields: (max: number) => new PayloadTooLargeException(`More than ${max} form fields`, CLOSE),
  fieldTooLarge: (field: string, max: number) =>
    new PayloadTooLargeException(`Form field '${field}' is over ${max} bytes`, CLOSE),
  typeNotAllowed: (field: string, mimeType: string) =>
    new UnsupportedMediaTypeException(`Type '${mimeType}' is not allowed in field '${field}'`, CLOSE),
  tooManyUploads: (max: number) =>
    capReached('Too many uploads in progress', 'uploads-in-progress', max, CLOSE.headers),
  shuttingDown: () =>
    new ServiceUnavailableException('The server is shutting down', {
      headers: { Connection: 'close', 'Retry-After': '1' },
    }),
};
