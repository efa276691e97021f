/**
 * The fake payment provider's check of the card typed on its own page (mocks/payment-provider/pages.ts): the provider's
 * rules, not the console's (the console never sees a card). → the card's digits and expiry, or what is wrong.
 */

export interface CheckedCard {
  digits: string;
  last4: string;
}

const passesLuhn = (digits: string): boolean => {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return /^\d{12,19}$/.test(digits) && sum % 10 === 0;
};

/** Checks the card form's fields on `now` → the card, or the reasons it is refused (in the provider's words). */
export function checkCard(form: URLSearchParams, now: Date): CheckedCard | { errors: string[] } {
  const errors: string[] = [];
  const holder = (form.get('cc_owner') ?? '').trim();
  if (holder.length < 3 || holder.length > 50) errors.push('The name on the card must be 3 to 50 characters.');
  const digits = (form.get('card_number') ?? '').replace(/[\s-]/g, '');
  if (!passesLuhn(digits)) errors.push('The card number is not valid.');
  const expiry = /^(0[1-9]|1[0-2])\/?(\d{2})$/.exec((form.get('expiry') ?? '').trim());
  if (!expiry) errors.push('The expiry must be MM/YY.');
  else if ((2000 + Number(expiry[2])) * 12 + Number(expiry[1]) - 1 < now.getFullYear() * 12 + now.getMonth())
    errors.push('The card has expired.');
  const cvvLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test((form.get('cvv') ?? '').trim()))
    errors.push(`The CVC must be ${cvvLength} digits.`);
  return errors.length ? { errors } : { digits, last4: digits.slice(-4) };
}
