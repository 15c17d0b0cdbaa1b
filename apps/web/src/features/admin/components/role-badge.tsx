import type { Role } from '@devstay/shared/constants';
import { Badge } from '@mantine/core';

const ROLE_COLORS: Record<Role, string> = { user: 'gray', admin: 'blue', superAdmin: 'grape' };

/** An account's role as a small coloured label. */
export function RoleBadge({ rol }: { rol: Role }) {
  return (
    <Badge color={ROLE_COLORS[rol]} variant="light" tt="none">
      {rol}
    </Badge>
  );
}
