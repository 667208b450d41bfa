import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstCharacters, reviewPreview } from '../src/contract/review-preview.ts';

/** The preview without its ellipsis, split the way a reader counts characters. */
const shown = (preview: string) => [
  ...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(preview.replace(/…$/, '')),
];

describe('the 20-character review preview', () => {
  it('shows a short review whole and cuts a long one after 20 characters', () => {
    expect(reviewPreview('Great chain tool.')).toBe('Great chain tool.');
    expect(reviewPreview('Exactly twenty chars')).toBe('Exactly twenty chars');
    expect(reviewPreview('The torque wrench clicks right on time')).toBe('The torque wrench cl…');
  });

  it('never cuts an emoji in half', () => {
    // 19 letters, then a thumbs-up with a skin tone (4 UTF-16 units): 23 units, 20 characters.
    const whole = `${'a'.repeat(19)}👍🏽`;
    expect(reviewPreview(whole)).toBe(whole);
    // The 20th character is a family emoji of seven code points joined by zero-width joiners.
    const family = '👨‍👩‍👧‍👦';
    const preview = reviewPreview(`${'b'.repeat(19)}${family} and more words`);
    expect(preview).toBe(`${'b'.repeat(19)}${family}…`);
    expect(preview).not.toContain('\uFFFD');
  });

  it('keeps flags and accented letters whole', () => {
    const flags = '🇩🇪🇫🇷🇳🇱🇮🇹🇪🇸🇵🇹🇧🇪🇦🇹🇨🇭🇩🇰🇸🇪🇳🇴🇫🇮🇵🇱🇨🇿🇸🇰🇭🇺🇮🇪🇬🇧🇺🇸🇨🇦';
    const preview = reviewPreview(`Ships to ${flags}`);
    expect(shown(preview)).toHaveLength(20);
    expect(preview).toBe('Ships to 🇩🇪🇫🇷🇳🇱🇮🇹🇪🇸🇵🇹🇧🇪🇦🇹🇨🇭🇩🇰🇸🇪…');

    // "e" followed by a combining acute accent (U+0301), twenty times over: 40 units.
    const accented = 'e\u0301'.repeat(25);
    const cut = reviewPreview(accented);
    expect(cut).toBe(`${'e\u0301'.repeat(20)}…`);
    expect(shown(cut).every(({ segment }) => segment === 'e\u0301')).toBe(true);
  });

  it('cuts every text where counting its characters one by one would', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
    const byCounting = (text: string, max: number) => {
      const parts = [...segmenter.segment(text)].map(({ segment }) => segment);
      return parts.length <= max ? text : `${parts.slice(0, max).join('')}…`;
    };
    // Plain letters, accented ones, combining accents, emoji parts, line breaks, mixed.
    const unit = fc.constantFrom(
      ...'aZ 9.,!é߀ñŁ'.split(''),
      '\u0301',
      '\u200d',
      '\ufe0f',
      '👍',
      '🏽',
      '🇩',
      '\r',
      '\n',
      '\t',
    );
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 40 }),
        fc.integer({ min: 1, max: 25 }),
        (units, max) => {
          const text = units.join('');
          expect(firstCharacters(text, max)).toBe(byCounting(text, max));
        },
      ),
      { numRuns: 3000 },
    );
  });
});
