import { LegalDocument } from '../components/legal-document.tsx';
import { TERMS } from '../content/terms.ts';

/** /terms: terms of use, bookings, payments and cancellations. */
export function TermsPage() {
  return <LegalDocument {...TERMS} />;
}
