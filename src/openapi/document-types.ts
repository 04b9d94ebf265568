import type { RouteMethod } from '../http/http-methods';

/** A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) as zod emits it. */
export type JsonSchema = Record<string, unknown>;

/** Where a parameter comes from. */
export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

/** An OpenAPI Parameter Object. */
export interface ParameterObject {
  /** Its name. */
  name: string;
  /** Where it is read from. */
  in: ParameterLocation;
  /** Whether it must be given. */
  required: boolean;
  /** What the parameter is. */
  description?: string;
  /** Its JSON Schema. */
  schema: JsonSchema;
  /** How a list is written. */
  style?: 'form';
  /** Whether a list repeats the name. */
  explode?: boolean;
}

/** An OpenAPI Request Body Object: JSON, or multipart/form-data for uploads. */
export interface RequestBodyObject {
  /** Whether a body must be sent. */
  required: boolean;
  /** What the body is. */
  description?: string;
  /** The body by media type: `application/json`, or `multipart/form-data` for uploads. */
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
  /** `Class.method`, unique. */
  operationId: string;
  /** The controller's tag. */
  tags: string[];
  /** One line (`Summary()`). */
  summary?: string;
  /** Longer text (`Description()`). */
  description?: string;
  /** Path, query, header and cookie parameters. */
  parameters?: ParameterObject[];
  /** The JSON body, when read. */
  requestBody?: RequestBodyObject;
  /** The answers, by status. */
  responses: Record<string, ResponseObject>;
  /** `[]` on public operations: no credentials needed. */
  security?: Record<string, string[]>[];
}

/** The lower-case verbs of an OpenAPI Path Item. */
export type OperationMethod = Lowercase<RouteMethod>;

/** An OpenAPI Path Item Object. */
export type PathItemObject = Partial<Record<OperationMethod, OperationObject>>;

/** An OpenAPI Security Scheme Object: HTTP authentication (bearer), or a key in a header. */
export type SecuritySchemeObject =
  | { type: 'http'; scheme: string; bearerFormat?: string; description?: string }
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string; description?: string };

/** An OpenAPI Tag Object. */
export interface TagObject {
  /** The tag, named after the controller. */
  name: string;
  /** What the controller is for. */
  description?: string;
}

/** The OpenAPI 3.1 document Trellis serves at `/openapi.json`. */
export interface OpenApiDocument {
  /** The OpenAPI version. */
  openapi: '3.1.0';
  /** The API's title, version and description. */
  info: {
    title: string;
    version: string;
    description?: string;
    license?: { name: string; identifier?: string; url?: string };
    contact?: { name?: string; url?: string; email?: string };
  };
  /** Where the API is served. */
  servers: { url: string; description?: string }[];
  /** One tag per controller. */
  tags: TagObject[];
  /** The operations, by path. */
  paths: Record<string, PathItemObject>;
  /** Named schemas and security schemes. */
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, ResponseObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
}
