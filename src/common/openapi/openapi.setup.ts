import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import { buildOpenApiDocument } from './openapi.document';

/** Where the Swagger UI and the JSON document are served (public: they describe, they do not answer data). */
export const OPENAPI_UI_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs-json';

/**
 * Serves the OpenAPI document and its UI. Built on the first request, not at start: the API
 * tests and every node would otherwise scan every route at each start for a page few open.
 * Call after setGlobalPrefix, so the document's paths carry the prefix.
 */
export function setupOpenApi(app: INestApplication): void {
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Retail Back Office API',
    swaggerOptions: { persistAuthorization: false, displayOperationId: false, docExpansion: 'none', tagsSorter: 'alpha' },
  });
}
