import type { Me } from '@wallet/contract';
import type { Organization } from '../orgs/service.js';
import { fullName, type UserWithRoles } from './service.js';

export function presentMe(user: UserWithRoles, organization: Organization): Me {
  return {
    id: user.id,
    name: fullName(user),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    cell_phone: user.cell_phone,
    address: user.address,
    address2: user.address2,
    city: user.city,
    state_province: user.state_province,
    postal: user.postal,
    roles: user.roles,
    avatar_url: user.avatar_path ? `/users/${user.id}/avatar` : null,
    stripe_cardholder_id: user.stripe_cardholder_id,
    issuing_tos_acceptance: { accepted_at: user.issuing_tos_accepted_at?.toISOString() ?? null },
    organization: { id: organization.id, slug: organization.slug, name: organization.name },
    created_at: user.created_at.toISOString(),
  };
}
