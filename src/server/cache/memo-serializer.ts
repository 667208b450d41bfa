import type { FastifySerializerCompiler } from 'fastify';

/**
 * Wraps a route serializer so that a frozen reply body, which can never change, is turned into
 * JSON once and the text reused. The read cache freezes what it keeps, so a cache hit skips both
 * the database and the response schema's encode; any other body is serialised as before.
 */
export function memoizeFrozenBodies<T>(
  compile: FastifySerializerCompiler<T>,
): FastifySerializerCompiler<T> {
  return (routeSchema) => {
    const serialize = compile(routeSchema);
    const texts = new WeakMap<object, string>();
    return (data) => {
      if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
        return serialize(data);
      }
      let text = texts.get(data);
      if (text === undefined) {
        text = serialize(data);
        texts.set(data, text);
      }
      return text;
    };
  };
}
