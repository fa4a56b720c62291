import spriteUrl from '../assets/icons.svg?url';

// The icons live in one cached SVG sprite (client/assets/icons.svg), so they cost
// no JavaScript: each <Icon> is a <use> reference. Names must match the sprite's symbol ids.
export const iconNames = [
  'video',
  'calendar',
  'clipboard',
  'file-text',
  'pill',
  'users',
  'heart',
  'brain',
  'book',
  'globe',
  'plane',
  'flask',
  'message',
  'stethoscope',
  'smartphone',
  'activity',
  'settings',
  'building',
  'server',
  'code',
  'bar-chart',
  'graduation-cap',
  'search',
  'shield',
  'lightbulb',
  'trending-up',
  'star',
  'star-filled',
  'menu',
  'close',
  'chevron-left',
  'chevron-right',
  'arrow-right',
  'phone',
  'mail',
  'map-pin',
  'x-brand',
  'instagram',
  'linkedin',
  'whatsapp',
  'check',
  'alert',
  'chat',
  'user',
  'clock',
  'send',
  'info',
] as const;

export type IconName = (typeof iconNames)[number];

export interface IconProps {
  name: IconName;
  className?: string;
  /** When given, the icon is announced (role="img" + <title>); otherwise it is decorative. */
  title?: string;
}

export function Icon({ name, className = 'app-icon', title }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...(title ? { role: 'img' } : { 'aria-hidden': 'true' as const, focusable: 'false' as const })}
    >
      {title ? <title>{title}</title> : null}
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
