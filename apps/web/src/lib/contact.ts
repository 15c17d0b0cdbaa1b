/** How to reach DevStay: footer, legal pages and e-mails share these details. */
export const CONTACT = {
  company: 'DevStay',
  email: 'support@devstay.dev',
  privacyEmail: 'privacy@devstay.dev',
  phone: '+1 (555) 010-2024',
  phoneHref: 'tel:+15550102024',
  address: '100 Innovation Avenue, Suite 12, Springfield',
  hours: 'Monday to Friday, 9:00 to 18:00',
} as const;

export const SOCIAL_LINKS = [
  { network: 'GitHub', href: 'https://github.com/devstay' },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/company/devstay' },
  { network: 'X', href: 'https://x.com/devstay' },
  { network: 'Instagram', href: 'https://www.instagram.com/devstay' },
] as const;
