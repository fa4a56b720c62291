// Self-hosted SVG illustrations (client/assets/illustrations/<key>.svg), rendered as <img> with
// intrinsic width/height so the browser reserves space before the file loads (no layout shift).

export type IllustrationKey =
  | 'hero'
  | 'welcome'
  | 'telehealth'
  | 'personal-health'
  | 'wellness'
  | 'community'
  | 'international'
  | 'clinical'
  | 'operations'
  | 'technology'
  | 'data'
  | 'training'
  | 'research'
  | 'blog-travel-health'
  | 'blog-mental-health'
  | 'blog-preventive-care'
  | 'blog-digital-health'
  | 'news-reprohaven'
  | 'news-partnerships'
  | 'gallery-team'
  | 'gallery-outreach'
  | 'ehr'
  | 'contact'
  | 'leader-placeholder';

const urls = import.meta.glob<string>('../assets/illustrations/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
});

/** Sizes that differ from the default 400x300 (must match each file's viewBox/width/height). */
const SIZES: Partial<Record<IllustrationKey, readonly [number, number]>> = {
  hero: [640, 480],
  'gallery-team': [480, 320],
  'gallery-outreach': [480, 320],
  'leader-placeholder': [300, 300],
};

export function illustrationSize(name: IllustrationKey): { width: number; height: number } {
  const [width, height] = SIZES[name] ?? [400, 300];
  return { width, height };
}

export interface IllustrationProps {
  name: IllustrationKey;
  /** Describe the picture, or pass '' when it is decorative. */
  alt: string;
  className?: string;
  /** Load immediately (above-the-fold images such as the home hero). */
  eager?: boolean;
}

export function Illustration({ name, alt, className, eager = false }: IllustrationProps) {
  const { width, height } = illustrationSize(name);
  return (
    <img
      src={urls[`../assets/illustrations/${name}.svg`]}
      alt={alt}
      width={width}
      height={height}
      className={className}
      decoding="async"
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
    />
  );
}
