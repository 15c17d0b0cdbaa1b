import { LegalDocument } from '../../../features/legal/components/legal-document.tsx';
import { TERMS } from '../../../features/legal/content/terms.ts';

/** /terms: terms of use, bookings, payments and cancellations. */
export function TermsPage() {
  return <LegalDocument {...TERMS} />;
}
