/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as zod emits it. */
export type JsonSchema = Record<string, unknown>;

/** Where a parameter comes from. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** An OpenAPI Parameter Object. */
export interface ParameterObject {
  name: string;
  in: ParameterLocation;
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form';
  explode?: boolean;
}

/** An OpenAPI Request Body Object: JSON, or multipart/form-data for uploads. */
export interface RequestBodyObject {
  required: boolean;
  description?: string;
  /** By media type: `application/json`, or `multipart/form-data` for uploads. */
  content: Record<string, { schema: JsonSchema }>;
}

/** An OpenAPI Header Object. */
export interface HeaderObject {
  description: string;
  schema: JsonSchema;
}

/** An OpenAPI Response Object, or a reference to a shared one. */
export type ResponseObject =
  | {
      description: string;
      headers?: Record<string, HeaderObject>;
      /** By media type: `application/json`, or `text/event-stream` for `Sse` routes. */
      content?: Record<string, { schema: JsonSchema }>;
    }
  | { $ref: string };

/** An OpenAPI Operation Object. */
export interface OperationObject {
  operationId: string;
  tags: string[];
  summary?: string;
  description?: string;
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
  /** `[]` on public operations: no credentials needed. */
  security?: Record<string, string[]>[];
}

/** The lower-case verbs of an OpenAPI Path Item. */
export type OperationMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

/** An OpenAPI Path Item Object. */
export type PathItemObject = Partial<Record<OperationMethod, OperationObject>>;

/** An OpenAPI Tag Object. */
export interface TagObject {
  name: string;
  description?: string;
}

/** The OpenAPI 3.1 document Trellis serves at `/openapi.json`. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description?: string;
    license?: { name: string; identifier?: string; url?: string };
    contact?: { name?: string; url?: string; email?: string };
  };
  servers: { url: string; description?: string }[];
  tags: TagObject[];
  paths: Record<string, PathItemObject>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes?: Record<string, { type: 'http'; scheme: 'bearer'; bearerFormat: string }>;
  };
}
