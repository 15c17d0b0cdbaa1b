/**
 * Card checks every processor makes before it charges (Luhn, expiry, security code), as pure
 * functions: the payment contract refuses a malformed card with a 400 naming the field, and the
 * built-in test provider applies the same rules. Zod-free, so a card form could use them too.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export const CARD_MESSAGES = {
  number: 'Your card number is invalid.',
  expiry: 'Your card has expired.',
  expMonth: "Your card's expiration month is invalid.",
  cvc: "Your card's security code is invalid.",
} as const;

/** The digits of a card number as people type it (spaces and dashes allowed). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** A 2-digit year means 20yy. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date = new Date()): boolean {
  const year = fullYear(expYear);
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  return year * 12 + expMonth < current;
}

/** American Express has a 4-digit code; the others 3. */
export function isValidCvc(cvc: string, brand: CardBrand): boolean {
  return brand === 'amex' ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}
