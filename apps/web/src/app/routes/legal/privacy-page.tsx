import { LegalDocument } from '../../../features/legal/components/legal-document.tsx';
import { PRIVACY } from '../../../features/legal/content/privacy.ts';

/** /privacy: the privacy policy. */
export function PrivacyPage() {
  return <LegalDocument {...PRIVACY} />;
}
