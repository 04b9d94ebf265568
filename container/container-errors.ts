import { errorFactory } from './trellis-error';

/** The container's configuration errors; part of the catalog in `src/errors/trellis-errors.ts`. */
export const CONTAINER_ERRORS = {
  TRELLIS_ERR_SCOPE_CAPTURE: (holder: string, target: string, via: string) =>
    `${holder} is a singleton but its constructor needs request-scoped ${target}${via}: ` +
    `make ${holder} request-scoped or take ${target} through Depends()`,
  TRELLIS_ERR_SCOPE_CONFLICT: (provider: string, scope: string, declared: string) =>
    `Depends(${provider}, '${scope}') conflicts with its declared scope '${declared}'`,
  TRELLIS_ERR_UNBOUND_TOKEN: (token: string) =>
    `Depends(${token}): nothing is bound to this token; bind it with app.container.bind() before ready()`,
  TRELLIS_ERR_REQUEST_SCOPE_OUTSIDE_REQUEST: (target: string) =>
    `${target} is request-scoped but was resolved outside a request: inject it with Depends() ` +
    'or make the class that needs it request-scoped too',
};

/** Builds one of the container's errors. */
export const containerError = errorFactory(CONTAINER_ERRORS);
