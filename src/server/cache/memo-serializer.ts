import type { FastifySerializerCompiler } from 'fastify';
import { chargeToCachedValue } from './read-cache.ts';

/** A Buffer's own object, beside its bytes. */
const BUFFER_OBJECT_BYTES = 96;

/**
 * Wraps a route serializer so that a frozen reply body, which can never change, is turned into
 * JSON once and its bytes reused. The read cache freezes what it keeps, so a cache hit skips
 * both the database and the response schema's encode; any other body is serialised as before.
 * The bytes live as long as the body, so the read cache counts them in the entry that holds it.
 * (It is not the body's own JSON, which the cache could have made while measuring it: the
 * schema's encode drops what the route does not answer.)
 */
export function memoizeFrozenBodies<T>(
  compile: FastifySerializerCompiler<T>,
): FastifySerializerCompiler<T> {
  return (routeSchema) => {
    const serialize = compile(routeSchema);
    const bodies = new WeakMap<object, Buffer>();
    return (data) => {
      if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
        return serialize(data);
      }
      let body = bodies.get(data);
      if (body === undefined) {
        const text = serialize(data);
        // Memory of its own: a small Buffer cut from Node's shared pool would hold a whole slab.
        body = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
        body.write(text);
        bodies.set(data, body);
        chargeToCachedValue(data, body.length + BUFFER_OBJECT_BYTES);
      }
      // Fastify sends a Buffer as it is (lib/reply.js, onSendEnd): the text would be measured
      // and encoded to UTF-8 again for every answer (bench/README.md, "API overhead").
      return body as unknown as string;
    };
  };
}
