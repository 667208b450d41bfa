import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { betterAuthLogger } from '../src/server/auth/auth-logger.ts';

function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  return { log: app.log, lines };
}

describe('Better Auth logging', () => {
  it('a failed session lookup is logged without the session token it was looking for', () => {
    const { log, lines } = capturedLog();
    const token = 'Qk3d9-session-token-value';
    const failure = new DrizzleQueryError(
      'select "id", "token" from "session" where "session"."token" = $1',
      [token],
      new Error('Connection terminated unexpectedly'),
    );

    betterAuthLogger(log).log('error', 'INTERNAL_SERVER_ERROR', failure, { token });

    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0] ?? '{}') as { level: number; msg: string };
    expect(entry.msg).toBe('INTERNAL_SERVER_ERROR');
    expect(entry.level).toBe(50);
    // What an operator needs is kept: which query failed, and why.
    expect(lines[0]).toContain('Failed query: select');
    expect(lines[0]).toContain('Connection terminated unexpectedly');
    expect(lines[0]).not.toContain(token);
  });

  it('warnings reach the server log, and only warnings and errors are asked for', () => {
    const { log, lines } = capturedLog();
    const logger = betterAuthLogger(log);
    logger.log('warn', 'Social provider github is missing clientId');
    expect(lines.join('')).toContain('Social provider github is missing clientId');
    expect(logger.level).toBe('warn');
  });
});
