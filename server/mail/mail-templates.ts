import { brand, officeAddressLine } from '../../shared/brand';
import type { OutgoingMail } from '../data/mail-outbox';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );

/** A mail's content: a greeting, paragraphs, an optional button link, paragraphs after it. */
export type MailParts = {
  greetingName: string;
  intro: string | string[];
  action?: { label: string; link: string };
  after: string[];
};

/** One layout for every mail the site sends: plain text and HTML, the brand, every value escaped in HTML. */
export function renderMail({ greetingName, intro, action, after }: MailParts) {
  const introLines = Array.isArray(intro) ? intro : [intro];
  const text = [
    `Hello ${greetingName},`,
    '',
    ...introLines.flatMap((line) => [line, '']),
    ...(action ? [`${action.label}:`, action.link, ''] : []),
    ...after.flatMap((line) => [line, '']),
    `${brand.name}`,
    `${officeAddressLine} · ${brand.phone}`,
  ].join('\n');

  const button = action
    ? `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.link)}" style="color:#0b6e4f;word-break:break-all">${escapeHtml(action.link)}</a></p>
`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(brand.name)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f6;font-family:Arial,Helvetica,sans-serif;color:#1a2b2a;font-size:16px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:20px;font-weight:bold;color:#0b6e4f">${escapeHtml(brand.name)}</p>
<p>Hello ${escapeHtml(greetingName)},</p>
${introLines.map((line) => `<p style="white-space:pre-line">${escapeHtml(line)}</p>`).join('\n')}
${button}${after.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p style="font-size:13px;color:#4a5a59;margin-top:24px">${escapeHtml(brand.name)} · ${escapeHtml(officeAddressLine)} · ${escapeHtml(brand.phone)}</p>
</div></body></html>`;
  return { text, html };
}

export function confirmationMail(to: string, fullName: string, link: string): OutgoingMail {
  return {
    to,
    kind: 'confirm_email',
    subject: `Confirm your email address for ${brand.name}`,
    ...renderMail({
      greetingName: fullName,
      intro: `Thank you for creating an account with ${brand.name}. Please confirm that this is your email address.`,
      action: { label: 'Confirm my email address', link },
      after: [
        'This link works once and expires in 24 hours. If it has expired, log in and ask for a new one.',
        'If you did not create this account, you can ignore this email. Nothing will happen.',
      ],
    }),
  };
}

export function passwordResetMail(to: string, fullName: string, link: string): OutgoingMail {
  return {
    to,
    kind: 'reset_password',
    subject: `Reset your ${brand.name} password`,
    ...renderMail({
      greetingName: fullName,
      intro: 'We received a request to reset the password for your account.',
      action: { label: 'Choose a new password', link },
      after: [
        'This link works once and expires in 1 hour. Choosing a new password logs you out everywhere else.',
        'If you did not ask for this, you can ignore this email. Your password will not change.',
      ],
    }),
  };
}

export function staffInvitationMail(to: string, fullName: string, link: string): OutgoingMail {
  return {
    to,
    kind: 'staff_invite',
    subject: `You are invited to the ${brand.name} staff app`,
    ...renderMail({
      greetingName: fullName,
      intro: `A colleague has invited you to the ${brand.name} staff app, where the team answers patients' requests and chats.`,
      action: { label: 'Set my password', link },
      after: [
        'This link works once and expires in 7 days. If it has expired, ask an admin to invite you again.',
        'If you were not expecting this, you can ignore this email.',
      ],
    }),
  };
}
