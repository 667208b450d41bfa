import type { FastifySerializerCompiler } from 'fastify';
import { chargeToCachedValue } from './read-cache.ts';
import { stringBytes } from './value-size.ts';

/**
 * Wraps a route serializer so that a frozen reply body, which can never change, is turned into
 * JSON once and the text reused. The read cache freezes what it keeps, so a cache hit skips both
 * the database and the response schema's encode; any other body is serialised as before. The
 * text lives as long as the body, so the read cache counts it in the entry that holds the body.
 * (It is not the body's own JSON, which the cache could have made while measuring it: the
 * schema's encode drops what the route does not answer.)
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
        chargeToCachedValue(data, stringBytes(text));
      }
      return text;
    };
  };
}
