import { z } from './zod-setup';
import { fullNameSchema } from './common';
import { aalSchema, profileResponseSchema, userSummarySchema } from './auth';
import { PERMISSION_NAMES, ROLES } from '../access/roles';

/** The profile dialog: name required, e-mail not editable (spec part 1 §2, §5). */
export const profileUpdateSchema = z.object({ full_name: fullNameSchema });
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** Avatar limits (spec part 1 §9: 2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const roleSchema = z.enum(ROLES);
export const permissionSchema = z.enum(PERMISSION_NAMES);

export const membershipResponseSchema = z.object({
  org_id: z.string(),
  org_name: z.string(),
  role: roleSchema,
  creditor_id: z.string().nullable(),
  require_mfa: z.boolean(),
  /** What the member's role may do here (docs/roles.md): the UI shows only what the server would allow. */
  permissions: z.array(permissionSchema),
});
export type MembershipResponse = z.infer<typeof membershipResponseSchema>;

export const meResponseSchema = z.object({
  user: userSummarySchema,
  profile: profileResponseSchema,
  aal: aalSchema,
  /** True when the user has a verified second factor. */
  mfa_enrolled: z.boolean(),
  memberships: z.array(membershipResponseSchema),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
