import { describe, expect, it } from 'vitest';
import { cuitDigits, formatCuit, invoiceNumberText, isValidCuit } from './invoice.ts';

describe('CUIT', () => {
  it('accepts a CUIT whose last digit is its check digit, with or without dashes', () => {
    // AFIP's own CUIT, one whose check digit is 0 (11 − 11), and another.
    for (const cuit of ['33-69345023-9', '33693450239', '30-00000009-0', '30-71234567-1']) {
      expect(isValidCuit(cuit), cuit).toBe(true);
    }
    expect(cuitDigits('33-69345023-9')).toBe('33693450239');
    expect(formatCuit('33693450239')).toBe('33-69345023-9');
  });

  it('refuses a wrong check digit, a number whose check would be 10, a wrong length and a half-dashed one', () => {
    for (const cuit of [
      '33-69345023-8',
      '30-00000004-0',
      '3369345023',
      '336934502391',
      '33-693450239',
      'ab',
    ]) {
      expect(isValidCuit(cuit), cuit).toBe(false);
    }
  });

  it('writes a document number in eight digits', () => {
    expect(invoiceNumberText(42)).toBe('00000042');
  });
});
