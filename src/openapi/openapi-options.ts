/** An OpenAPI Server Object: where the API is served. */
export interface OpenApiServer {
  /** Its base URL. */
  url: string;
  /** What the server is (production, staging, ...). */
  description?: string;
}

/** OpenAPI document settings; `false` turns `/openapi.json` and `/docs` off. */
export interface OpenApiOptions {
  /** The API's title. */
  title: string;
  /** The API's version (not OpenAPI's). */
  version: string;
  /** The API's description (Markdown). */
  description?: string;
  /** Where the API is served; default `[{ url: '/' }]` (the host that served the document). */
  servers?: OpenApiServer[];
  /** The API's license: a name and an SPDX `identifier` or a `url`. */
  license?: { name: string; identifier?: string; url?: string };
  /** Who answers for the API. */
  contact?: { name?: string; url?: string; email?: string };
  /**
   * Swagger UI at `/docs`, from the optional swagger-ui-dist package: `true` requires it (ready()
   * fails without it), `false` leaves it out; by default it is served when the package is installed.
   */
  ui?: boolean;
}
