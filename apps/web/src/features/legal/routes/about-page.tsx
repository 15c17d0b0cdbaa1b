import { LegalDocument } from '../components/legal-document.tsx';
import { ABOUT } from '../content/about.ts';

/** /about: who we are and how DevStay works. */
export function AboutPage() {
  return <LegalDocument {...ABOUT} />;
}
