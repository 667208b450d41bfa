import type { FastifyRequest } from 'fastify';

/** The web app's toast as a form's action leaves it for the next page. */
export type Flash = { kind: 'success' | 'error' | 'info'; message: string };

const NAME = 'ecparts_flash';
const FOUND = new RegExp(`(?:^|;\\s*)${NAME}=([^;]*)`);
const KINDS = new Set(['success', 'error', 'info']);

/**
 * A one-time cookie: set with the 303 of a form posted without script, read and cleared by the
 * page it leads to. Only the app's own words travel in it, and it is read back as text only.
 */
export const flashCookie = (flash: Flash, secure: boolean) =>
  `${NAME}=${encodeURIComponent(JSON.stringify(flash))}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export const clearFlashCookie = (secure: boolean) =>
  `${NAME}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;

export function readFlash(request: FastifyRequest): Flash | undefined {
  const raw = FOUND.exec(request.headers.cookie ?? '')?.[1];
  if (!raw) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<Flash>;
    if (typeof value.message !== 'string' || !KINDS.has(String(value.kind))) return undefined;
    return { kind: value.kind as Flash['kind'], message: value.message.slice(0, 300) };
  } catch {
    return undefined;
  }
}
