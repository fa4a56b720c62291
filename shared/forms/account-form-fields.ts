/** The account forms' field lists (issue #26), drawn by the same component as the stored forms. */
import { emailField as email, type FieldSpec } from './field-spec';

const newPassword = (label: string, hint: string): FieldSpec[] => [
  { kind: 'password', name: 'password', id: 'password', label, hint, autoComplete: 'new-password' },
  {
    kind: 'password',
    name: 'confirmPassword',
    id: 'confirm-password',
    label: `Confirm ${label}`,
    autoComplete: 'new-password',
  },
];

export const accountFormFields = {
  signUp: [
    { kind: 'input', name: 'fullName', id: 'full-name', label: 'Full Name', autoComplete: 'name' },
    email,
    ...newPassword(
      'Password',
      'At least 6 characters. A few words strung together are easy to remember and hard to guess.',
    ),
  ],
  logIn: [
    email,
    { kind: 'password', name: 'password', id: 'password', label: 'Password', autoComplete: 'current-password' },
  ],
  forgotPassword: [{ ...email, hint: 'Use the address you signed up with.' }],
  resetPassword: newPassword('New Password', 'At least 6 characters. Avoid passwords you use on other sites.'),
} satisfies Record<string, FieldSpec[]>;
