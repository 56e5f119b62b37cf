import { Router } from 'express';
import { openApiDocument } from '@ferry/http-contract';

/** `GET /api/openapi.json`: the OpenAPI 3.1 document of this API, generated from @ferry/http-contract. */
export function openApiRoutes(): Router {
  const router = Router();
  const body = JSON.stringify(openApiDocument({ version: '1' }));
  router.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(body);
  });
  return router;
}
