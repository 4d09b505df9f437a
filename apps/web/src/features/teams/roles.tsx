import { Flex, Tag, Typography } from 'antd';
import {
  ASSIGNABLE_ROLES,
  ROLE_NAMES,
  ROLES,
  isAdmin,
  roleLabel,
  type AssignableRole,
  type Role,
} from '@wallet/contract';

export const roleOptions = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }));
export const roleFilters = ROLES.map((role) => ({ value: role, text: ROLE_NAMES[role] }));

export function roleName(role: string): string {
  return ROLE_NAMES[role as Role] ?? role;
}

/** The one assignable role a user holds, if any (super-admins hold none of them). */
export function assignableRoleOf(roles: readonly string[] | undefined): AssignableRole | undefined {
  return ASSIGNABLE_ROLES.find((role) => roles?.includes(role));
}

/** Admin or Member (PRODUCT.md §6), then the roles themselves. */
export function RoleCell({ roles }: { roles: readonly string[] | undefined }) {
  const list = roles ?? [];
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag color={isAdmin(list) ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
        {roleLabel(list)}
      </Tag>
      {list.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {list.map(roleName).join(', ')}
        </Typography.Text>
      )}
    </Flex>
  );
}
