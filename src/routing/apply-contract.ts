import type { ZodType } from 'zod';
import { type ContractRoute, zodSchema } from '../contract';
import { derivedMetadata, type MethodMetadata, type ParamMetadata } from '../kernel';
import { CONTRACT_ROUTE, HTTP_ROUTE, RETURNS, SUCCESS_STATUS } from './route-metadata';
import { routingError } from './routing-errors';

const SUCCESS = /^2\d\d$/;

function fieldOf(schema: ZodType, name: string): ZodType | undefined {
  const shape = (schema as { shape?: Record<string, ZodType> }).shape;
  return shape?.[name];
}

// A parameter without a schema of its own is validated by the part of the route it reads.
function withContractSchema(param: ParamMetadata, route: ContractRoute, where: string): ParamMetadata {
  if (param.kind === 'body' && !param.schema)
    return route.body ? { ...param, schema: zodSchema(route.body) } : param;
  if (param.kind === 'query' && !param.schema)
    return route.query ? { ...param, schema: zodSchema(route.query) } : param;
  if ((param.kind !== 'param' && param.kind !== 'header') || param.schema) return param;
  const part = zodSchema(param.kind === 'param' ? route.params : route.headers);
  if (param.name === undefined) return part ? { ...param, schema: part } : param;
  if (!part) return param;
  const key = param.kind === 'header' ? param.name.toLowerCase() : param.name;
  const field = fieldOf(part, key);
  if (!field) {
    const decorator = `${param.kind === 'param' ? 'Param' : 'Header'}('${param.name}')`;
    throw routingError(
      'TRELLIS_ERR_CONTRACT_FIELD',
      where,
      decorator,
      param.kind === 'param' ? 'params' : 'headers',
    );
  }
  return { ...param, schema: field };
}

/** The success statuses of a route, lowest first. */
export function successStatuses(route: ContractRoute): number[] {
  return Object.keys(route.responses)
    .filter((status) => SUCCESS.test(status))
    .map(Number)
    .sort((a, b) => a - b);
}

/**
 * The metadata of a method that implements a contract route, as if it had been decorated by
 * hand: its HTTP route, parameter schemas, success status and serializer all from the route.
 * Read once at `ready()`; a method that also says one of these itself fails here.
 */
export function applyContract(
  handler: MethodMetadata,
  prefix: string | undefined,
  where: string,
): MethodMetadata {
  const route = handler.get(CONTRACT_ROUTE);
  if (!route) return handler;
  const http = handler.get(HTTP_ROUTE);
  if (http) throw routingError('TRELLIS_ERR_CONTRACT_CONFLICT', where, `${http.method}()`);
  if (handler.get(RETURNS)) throw routingError('TRELLIS_ERR_CONTRACT_CONFLICT', where, 'Returns()');
  if (handler.get(SUCCESS_STATUS) !== undefined)
    throw routingError('TRELLIS_ERR_CONTRACT_CONFLICT', where, 'HttpCode()');
  if (prefix && prefix !== '/') throw routingError('TRELLIS_ERR_CONTRACT_PREFIX', where, prefix);
  const [status] = successStatuses(route);
  const schema = status === undefined ? undefined : zodSchema(route.responses[status] ?? undefined);
  const filled = derivedMetadata(handler, {
    params: handler.params.map((param) => withContractSchema(param, route, where)),
    summary: handler.summary ?? route.summary,
    description: handler.description ?? route.description,
  });
  filled.set(HTTP_ROUTE, { method: route.method, path: route.path });
  if (status !== undefined) filled.set(SUCCESS_STATUS, status);
  if (schema) filled.set(RETURNS, { schema });
  return filled;
}
