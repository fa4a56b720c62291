/** The admin's team management (issue #13): inviting a colleague, changing a role, deactivating an account. */
import { z } from 'zod';
import { requiredEmail, requiredName } from './field-rules';

export const STAFF_ROLES = ['agent', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleLabels: Record<StaffRole, string> = { agent: 'Agent', admin: 'Admin' };

const staffRole = z.enum(STAFF_ROLES, { error: 'Choose Agent or Admin.' });

export const inviteSchema = z.object({
  fullName: requiredName('Enter their full name.'),
  email: requiredEmail('Enter their email address.'),
  role: staffRole,
});
export type InviteInput = z.input<typeof inviteSchema>;

export const memberIdSchema = z.object({ userId: z.number({ error: 'Choose a staff member.' }).int().positive() });
export const setRoleSchema = memberIdSchema.extend({ role: staffRole });

export const auditListSchema = z.object({
  cursor: z.number().int().positive().optional(),
  type: z.string().trim().max(60).optional(),
});
