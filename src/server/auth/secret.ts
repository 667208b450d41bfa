import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mkdirPrivate, writePrivate } from '../lib/private-files.ts';

/**
 * BETTER_AUTH_SECRET when set; otherwise one generated once into DATA_DIR, so sessions survive
 * restarts of a local install. Deployments set the variable.
 */
export function resolveAuthSecret(config: { authSecret?: string; dataDir: string }) {
  if (config.authSecret) return { secret: config.authSecret, generated: false };
  const file = join(config.dataDir, 'auth-secret');
  if (!existsSync(file)) {
    mkdirPrivate(config.dataDir);
    writePrivate(file, randomBytes(32).toString('base64url'));
  }
  return { secret: readFileSync(file, 'utf8').trim(), generated: true };
}
