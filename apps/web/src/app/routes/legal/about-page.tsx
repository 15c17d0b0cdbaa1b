import { LegalDocument } from '../../../features/legal/components/legal-document.tsx';
import { ABOUT } from '../../../features/legal/content/about.ts';

/** /about: who we are and how DevStay works. */
export function AboutPage() {
  return <LegalDocument {...ABOUT} />;
}
