/**
 * The demo accounts, one per role, all with DEMO_PASSWORD: the one definition the start, the
 * API tests and the end-to-end tests use (docs/auth.md lists them). Data only: the
 * end-to-end tests import it without the server's code.
 */
import type { Role } from '@devstay/shared/constants';

export const DEMO_PASSWORD = 'devstay-demo';
export const DEMO_ACCOUNTS = [
  {
    email: 'superadmin@devstay.dev',
    rol: 'superAdmin',
    name: 'Super Admin',
    firstName: 'super',
    lastname: 'admin',
  },
  {
    email: 'admin@devstay.dev',
    rol: 'admin',
    name: 'Hotel Admin',
    firstName: 'hotel',
    lastname: 'admin',
  },
  {
    email: 'user@devstay.dev',
    rol: 'user',
    name: 'Demo User',
    firstName: 'demo',
    lastname: 'user',
  },
] as const satisfies readonly {
  email: string;
  rol: Role;
  name: string;
  firstName: string;
  lastname: string;
}[];
