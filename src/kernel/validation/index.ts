export { compileValidator, type Validated, type Validator } from './compile-validator';
export { isSchema } from './is-schema';
export { validationDetails } from './validation-details';
