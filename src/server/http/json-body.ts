import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that an empty body
 * is no body: clients send `content-type: application/json` on a DELETE without one, and a call
 * that takes no body should not refuse them. A call that needs a body still gets a 400 from its
 * schema.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, body.toString(), done);
  });
}
