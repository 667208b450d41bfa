/**
 * The codes (GTIN, and MPN under its brand) that one file's lines have set so far, each with
 * the SKU of the line that set it, kept across the file's batches. A 100,000-line file claims
 * 200,000 codes: a GTIN is kept as its number (14 digits are exact in a double) and an MPN in a
 * map of its brand's, not as 200,000 long string keys; that halves what the check holds (about
 * 18 MB against 39 MB with the SKUs) and keeps `npm start` in its memory budget while it checks
 * (bench/imports.ts).
 */
export type CodeClaims = ReturnType<typeof codeClaims>;

export function codeClaims() {
  const gtins = new Map<number, string>();
  const mpnsByBrand = new Map<string, Map<string, string>>();
  return {
    /** The SKU that claimed this GTIN (as GTIN-14) before, if one did; `sku` holds it now. */
    gtin(gtin14: string, sku: string) {
      const key = Number(gtin14);
      const before = gtins.get(key);
      gtins.set(key, sku);
      return before;
    },
    /** The same for an MPN (its key) of a brand (its id, or the name of one to be made). */
    mpn(brand: string, mpnKey: string, sku: string) {
      let mpns = mpnsByBrand.get(brand);
      if (!mpns) mpnsByBrand.set(brand, (mpns = new Map()));
      const before = mpns.get(mpnKey);
      mpns.set(mpnKey, sku);
      return before;
    },
  };
}
