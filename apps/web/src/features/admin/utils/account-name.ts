import type { UserSummary } from '@devstay/shared/contracts/users';
import { capitalize } from '@devstay/shared/text';

/** 'Name Lastname', else the display name, else the e-mail. */
export function accountName(
  account: Pick<UserSummary, 'name' | 'lastname' | 'displayName' | 'email'>,
) {
  const full = `${account.name} ${account.lastname}`.trim();
  return capitalize(full) || account.displayName.trim() || account.email;
}
