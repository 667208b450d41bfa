import type { FastifyBaseLogger } from 'fastify';
import { checkVatId } from '../../contract/vat-id.ts';

// The EU's VIES service, asked whether a VAT ID is registered (VIES_CHECK=1). Its REST call
// takes the number's country prefix ('EL' for Greece) and the rest, and answers `valid` (its
// other address answers `isValid`). It is often slow or down for one member state: a short
// timeout, and any failure means "not confirmed", never an error for the buyer.

export type ViesOptions = { url: string; timeoutMs: number };

type ViesAnswer = { valid?: unknown; isValid?: unknown };

/** Whether VIES confirms the VAT ID; false when it says no, answers oddly or cannot be reached. */
export function viesCheck({ url, timeoutMs }: ViesOptions, log: FastifyBaseLogger) {
  return async (vatId: string): Promise<boolean> => {
    const { valid, normalised } = checkVatId(vatId);
    if (!valid) return false;
    const body = { countryCode: normalised.slice(0, 2), vatNumber: normalised.slice(2) };
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) {
        log.warn({ status: res.status, vatId: normalised }, 'VIES answered an error');
        return false;
      }
      const answer = (await res.json()) as ViesAnswer;
      return answer.valid === true || answer.isValid === true;
    } catch (err) {
      log.warn(
        { err, vatId: normalised },
        'VIES could not be reached: the VAT ID stays unverified',
      );
      return false;
    }
  };
}
