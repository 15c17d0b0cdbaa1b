import type { Billing } from '@devstay/shared/contracts/booking';
import { isValidCuit } from '@devstay/shared/invoice';
import { INVOICE_MESSAGES } from '@devstay/shared/messages';
import { Checkbox, Stack, TextInput } from '@mantine/core';

/** What the guest typed in the company section, kept by the payment page. */
interface BillingDraft {
  on: boolean;
  company: string;
  taxId: string;
  address: string;
}

export const EMPTY_BILLING: BillingDraft = { on: false, company: '', taxId: '', address: '' };

/** Each field's message, from the same rules the API applies (shared messages, CUIT check). */
export function billingErrors(draft: BillingDraft): Partial<Record<keyof Billing, string>> {
  if (!draft.on) return {};
  return {
    ...(draft.company.trim() ? {} : { company: INVOICE_MESSAGES.companyMissing }),
    ...(isValidCuit(draft.taxId) ? {} : { taxId: INVOICE_MESSAGES.taxIdInvalid }),
    ...(draft.address.trim() ? {} : { address: INVOICE_MESSAGES.addressMissing }),
  };
}

/** The checkout's `billing`: undefined when the guest is invoiced in their own name. */
export const billingOf = (draft: BillingDraft): Billing | undefined =>
  draft.on
    ? { company: draft.company.trim(), taxId: draft.taxId.trim(), address: draft.address.trim() }
    : undefined;

/**
 * "Invoice to a company": the company's name, CUIT and address, sent with the checkout; each
 * hotel's invoice names them as the buyer. Errors show once the guest tried to pay
 * (`showErrors`).
 */
export function BillingForm({
  draft,
  onChange,
  showErrors,
}: {
  draft: BillingDraft;
  onChange: (draft: BillingDraft) => void;
  showErrors: boolean;
}) {
  const errors = showErrors ? billingErrors(draft) : {};
  const field = (name: 'company' | 'taxId' | 'address') => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...draft, [name]: event.currentTarget.value }),
  });
  return (
    <Stack gap="xs" mb="md">
      <Checkbox
        label="Invoice to a company"
        checked={draft.on}
        onChange={(event) => onChange({ ...draft, on: event.currentTarget.checked })}
      />
      {draft.on ? (
        <>
          <TextInput label="Company" autoComplete="organization" required {...field('company')} />
          <TextInput
            label="CUIT"
            description="11 digits, e.g. 30-71234567-1"
            required
            {...field('taxId')}
          />
          <TextInput
            label="Company address"
            autoComplete="street-address"
            required
            {...field('address')}
          />
        </>
      ) : null}
    </Stack>
  );
}
