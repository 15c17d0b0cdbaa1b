import { LegalDocument } from '../components/legal-document.tsx';
import { PRIVACY } from '../content/privacy.ts';

/** /privacy: the privacy policy. */
export function PrivacyPage() {
  return <LegalDocument {...PRIVACY} />;
}
