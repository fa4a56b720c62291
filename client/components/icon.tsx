// Inline SVG icon set (24x24, stroked, Feather-like). Size via className only (CSP: no inline styles).
const C = (x: number, y: number, r: number) => `M${x} ${y - r}a${r} ${r} 0 100 ${2 * r} ${r} ${r} 0 000-${2 * r}z`;
const RING = C(12, 12, 10);

const paths = {
  video: 'M4 6h10a2 2 0 012 2v8a2 2 0 01-2 2H4a2 2 0 01-2-2V8a2 2 0 012-2zM16 10l6-3v10l-6-3',
  calendar: 'M5 4h14a2 2 0 012 2v14a2 2 0 01-2 2H5a2 2 0 01-2-2V6a2 2 0 012-2zM3 10h18M8 2v4M16 2v4',
  clipboard: 'M9 2h6v4H9zM9 4H6a2 2 0 00-2 2v14a2 2 0 002 2h12a2 2 0 002-2V6a2 2 0 00-2-2h-3M8 12h8M8 16h5',
  'file-text': 'M14 2H6a2 2 0 00-2 2v16a2 2 0 002 2h12a2 2 0 002-2V8zM14 2v6h6M8 13h8M8 17h8',
  pill: 'M10.5 20.5l10-10a5 5 0 00-7-7l-10 10a5 5 0 007 7zM8.5 8.5l7 7',
  users: 'M16 21v-2a4 4 0 00-4-4H6a4 4 0 00-4 4v2M22 21v-2a4 4 0 00-3-3.9M16 3.1a4 4 0 010 7.8' + C(9, 7, 4),
  heart: 'M20.8 4.6a5.5 5.5 0 00-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 00-7.8 7.8l8.8 8.8 8.8-8.8a5.5 5.5 0 000-7.8z',
  brain: 'M12 5a3 3 0 00-6-1 3 3 0 00-2 4 3 3 0 00-1 5 3 3 0 002 5 3 3 0 007 1zM12 5a3 3 0 016-1 3 3 0 012 4 3 3 0 011 5 3 3 0 01-2 5 3 3 0 01-7 1zM12 5v14',
  book: 'M4 19.5A2.5 2.5 0 016.5 17H20V2H6.5A2.5 2.5 0 004 4.5v15A2.5 2.5 0 006.5 22H20v-5',
  globe: RING + 'M2 12h20M12 2a15 15 0 010 20 15 15 0 010-20z',
  plane: 'M12 2c1 0 1.5 1 1.5 2v5l8 5v2l-8-2.5V19l2.5 2v1L12 21l-4 1v-1l2.5-2v-5.5L2.5 16v-2l8-5V4c0-1 .5-2 1.5-2z',
  flask: 'M9 2h6M10 2v6l-5.6 10.8A2.2 2.2 0 006.4 22h11.2a2.2 2.2 0 002-3.2L14 8V2M7 15h10',
  message: 'M21 15a2 2 0 01-2 2H7l-4 4V5a2 2 0 012-2h14a2 2 0 012 2z',
  stethoscope: 'M6 3H4v6a5 5 0 0010 0V3h-2M9 14v2a5 5 0 0010 0v-3' + C(19, 11, 2),
  smartphone: 'M7 2h10a2 2 0 012 2v16a2 2 0 01-2 2H7a2 2 0 01-2-2V4a2 2 0 012-2zM12 18h.01',
  activity: 'M22 12h-4l-3 9L9 3l-3 9H2',
  settings: C(12, 12, 3) + C(12, 12, 7) + 'M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9L7 7M17 17l2.1 2.1M4.9 19.1L7 17M17 7l2.1-2.1',
  building: 'M4 22V4a2 2 0 012-2h8a2 2 0 012 2v18M16 9h2a2 2 0 012 2v11M2 22h20M8 6h4M8 10h4M8 14h4M10 22v-4',
  server: 'M4 3h16a2 2 0 012 2v4a2 2 0 01-2 2H4a2 2 0 01-2-2V5a2 2 0 012-2zM4 13h16a2 2 0 012 2v4a2 2 0 01-2 2H4a2 2 0 01-2-2v-4a2 2 0 012-2zM6 7h.01M6 17h.01',
  code: 'M16 18l6-6-6-6M8 6l-6 6 6 6',
  'bar-chart': 'M3 3v18h18M8 17v-5M13 17V7M18 17V9',
  'graduation-cap': 'M22 9L12 4 2 9l10 5 10-5zM6 11v5c3 3 9 3 12 0v-5M22 9v6',
  search: C(11, 11, 8) + 'M21 21l-4.3-4.3',
  shield: 'M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10zM9 12l2 2 4-4',
  lightbulb: 'M9 18h6M10 22h4M8 14.7A7 7 0 1116 14.7V16H8z',
  'trending-up': 'M22 7l-8.5 8.5-5-5L2 17M16 7h6v6',
  star: 'M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2L5.8 21 7 14.2 2 9.3l6.9-1z',
  'star-filled': '',
  menu: 'M3 6h18M3 12h18M3 18h18',
  close: 'M18 6L6 18M6 6l12 12',
  'chevron-left': 'M15 18l-6-6 6-6',
  'chevron-right': 'M9 18l6-6-6-6',
  'arrow-right': 'M5 12h14M12 5l7 7-7 7',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 005 5L15 12l5 2v4a2 2 0 01-2 2A16 16 0 013 5a2 2 0 012-2z',
  mail: 'M4 4h16a2 2 0 012 2v12a2 2 0 01-2 2H4a2 2 0 01-2-2V6a2 2 0 012-2zM22 6l-10 7L2 6',
  'map-pin': 'M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0116 0z' + C(12, 10, 3),
  'x-brand': 'M4 4h4.5L20 20h-4.5zM20 4l-6.6 7.3M4 20l6.6-7.3',
  instagram: 'M7 2h10a5 5 0 015 5v10a5 5 0 01-5 5H7a5 5 0 01-5-5V7a5 5 0 015-5zM17.5 6.5h.01' + C(12, 12, 4),
  linkedin: 'M16 8a6 6 0 016 6v7h-4v-7a2 2 0 00-4 0v7h-4v-7a6 6 0 016-6zM2 9h4v12H2z' + C(4, 4, 2),
  whatsapp: 'M3 21l1.6-4.7A9 9 0 1112 21a9 9 0 01-4.3-1.1zM9 9.5c.5 3 2.5 5 5.5 5.5l1-1.5-2-1-1 1a5 5 0 01-2-2l1-1-1-2z',
  check: 'M20 6L9 17l-5-5',
  alert: 'M12 3L2 20h20zM12 9v5M12 17h.01',
  chat: 'M21 12a9 9 0 01-13 8l-5 1 1-5a9 9 0 1117-4zM8 12h.01M12 12h.01M16 12h.01',
  user: 'M20 21v-2a4 4 0 00-4-4H8a4 4 0 00-4 4v2' + C(12, 7, 4),
  clock: RING + 'M12 6v6l4 2',
  send: 'M22 2L11 13M22 2l-7 20-4-9-9-4z',
  info: RING + 'M12 16v-4M12 8h.01',
};
paths['star-filled'] = paths.star;

export type IconName = keyof typeof paths;

export interface IconProps {
  name: IconName;
  className?: string;
  /** When given, the icon is announced (role="img" + <title>); otherwise it is decorative. */
  title?: string;
}

export function Icon({ name, className = 'app-icon', title }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      className={className}
      fill={name === 'star-filled' ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...(title ? { role: 'img' } : { 'aria-hidden': 'true' as const, focusable: 'false' as const })}
    >
      {title ? <title>{title}</title> : null}
      <path d={paths[name]} />
    </svg>
  );
}
