import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The OpenAPI document is generated from the routes the endpoint table registers: the same zod
 * schemas the routes validate with, and who may call each (its description and security).
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'ECParts storefront API',
        description: 'Catalogue, blog, reviews, orders and payments of the ECParts shop.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
          bearer: { type: 'http', scheme: 'bearer', description: 'The accessToken of POST /login' },
          // OpenAPI 3.0 lists scopes only for OAuth; an operation's requirement names them
          // anyway, and its description says them in words.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'ecp_<prefix>_<secret>',
            description:
              "An API key made by an admin in Dashboard, Integrations, sent as `Authorization: Bearer ecp_…`. It may call only the operations whose security names one of its scopes, with an admin's authority; any other answers 403. An unknown, revoked or expired key answers 401. Each key has its own rate limit (API_KEY_RATE_LIMIT a minute).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
