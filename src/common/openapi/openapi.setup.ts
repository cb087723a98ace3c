import type { INestApplication } from '@nestjs/common';
import { SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import type { ApiDocsMode } from '../../config/app-config';
import { buildOpenApiDocument } from './openapi.document';

/** Where the Swagger UI and the JSON document are served; who may read them is API_DOCS (README). */
export const OPENAPI_UI_PATH = '/api/docs';
export const OPENAPI_JSON_PATH = '/api/docs-json';

export interface OpenApiAccess {
  mode: ApiDocsMode;
  /** Whether the request comes from a signed-in user (header or the client's session cookie). */
  signedIn: (req: Request) => Promise<boolean>;
}

function refusal(res: Response, status: 401 | 404, failSummary: string): void {
  res.status(status).json({ statusCode: status, validationResult: { fail: true, failSummary, failMessages: {} } });
}

/**
 * Serves the OpenAPI document and its UI. Built on the first request, not at start: the API
 * tests and every node would otherwise scan every route at each start for a page few open.
 * Call after setGlobalPrefix, so the document's paths carry the prefix.
 */
export function setupOpenApi(app: INestApplication, access: OpenApiAccess): void {
  if (access.mode !== 'public') {
    // Before SwaggerModule's own routes, for the page, its assets and the JSON alike.
    app.use([OPENAPI_UI_PATH, OPENAPI_JSON_PATH], (req: Request, res: Response, next: NextFunction) => {
      if (access.mode === 'off') return refusal(res, 404, 'The API documentation is not served here (API_DOCS=off)');
      access.signedIn(req).then(
        (yes) => (yes ? next() : refusal(res, 401, 'Sign in to read the API documentation')),
        (error: unknown) => next(error),
      );
    });
  }
  SwaggerModule.setup(OPENAPI_UI_PATH, app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Retail Back Office API',
    swaggerOptions: { persistAuthorization: false, displayOperationId: false, docExpansion: 'none', tagsSorter: 'alpha' },
  });
}
