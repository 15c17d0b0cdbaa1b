import { INVOICE_MESSAGES } from '@devstay/shared/messages';
import { expect, test } from 'vitest';
import { billingErrors, billingOf, EMPTY_BILLING } from './billing-form.tsx';

const company = {
  on: true,
  company: ' Acme Devs S.A. ',
  taxId: '30-71234567-1',
  address: 'Av. Corrientes 1234',
};

test('the section off sends no billing and checks nothing', () => {
  expect(billingErrors(EMPTY_BILLING)).toEqual({});
  expect(billingOf({ ...company, on: false })).toBeUndefined();
});

test('a company with a good CUIT is sent trimmed', () => {
  expect(billingErrors(company)).toEqual({});
  expect(billingOf(company)).toEqual({
    company: 'Acme Devs S.A.',
    taxId: '30-71234567-1',
    address: 'Av. Corrientes 1234',
  });
});

test('each missing field, and a CUIT whose check digit is wrong, is named with the API’s text', () => {
  expect(billingErrors({ on: true, company: ' ', taxId: '30-71234567-2', address: '' })).toEqual({
    company: INVOICE_MESSAGES.companyMissing,
    taxId: INVOICE_MESSAGES.taxIdInvalid,
    address: INVOICE_MESSAGES.addressMissing,
  });
});
