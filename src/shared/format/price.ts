/**
 * Prices (spec 1: "Currency is shown as TL by default"). The number follows the interface language
 * (Intl.NumberFormat, always two decimals); the unit is written `TL`, not the ISO code `TRY` or the sign `₺`.
 *
 * Where the unit goes: after the amount in Turkish, as Turkish price tags and the spec's own texts write it
 * (`1.250,00 TL`); in every other language where that language puts a currency code (CLDR), so English reads
 * `TL 1,250.00` and German `1.250,00 TL`. A price the server gives in another currency keeps its own code as the
 * unit (`USD 12.00`): it is never relabelled as TL.
 */

/** The server's code for Turkish lira, and how the console writes it. */
const LIRA_CODE = 'TRY';
const LIRA_UNIT = 'TL';

/** Languages whose own convention puts the unit after the amount, whatever CLDR says for currency codes. */
const UNIT_AFTER: ReadonlySet<string> = new Set(['tr']);

const baseLanguage = (language: string) => language.toLowerCase().split('-')[0]!;

/** Whether the language writes a currency code after the amount (read from the language's currency pattern). */
function unitAfterAmount(language: string, currency: string): boolean {
  if (UNIT_AFTER.has(baseLanguage(language))) return true;
  // Intl accepts only three-letter codes; the lira's pattern stands in for anything else.
  const code = /^[A-Z]{3}$/.test(currency) ? currency : LIRA_CODE;
  const parts = new Intl.NumberFormat(language, {
    style: 'currency',
    currency: code,
    currencyDisplay: 'code',
  }).formatToParts(1);
  return parts.findIndex((part) => part.type === 'currency') > parts.findIndex((part) => part.type === 'integer');
}

/**
 * An amount with its unit in the given language: `formatPrice(1250, 'tr')` is `1.250,00 TL`,
 * `formatPrice(1250, 'en')` is `TL 1,250.00`. Without a currency the amount is in TL. A missing or
 * non-finite amount gives an empty text.
 */
export function formatPrice(amount: number | null | undefined, language: string, currency = LIRA_CODE): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const code = currency.toUpperCase();
  const number = new Intl.NumberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  const unit = code === LIRA_CODE ? LIRA_UNIT : code;
  // A non-breaking space keeps the unit on the same line as its amount.
  return unitAfterAmount(language, code) ? `${number}\u00a0${unit}` : `${unit}\u00a0${number}`;
}
