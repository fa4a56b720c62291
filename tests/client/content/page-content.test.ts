import { describe, it, expect } from 'vitest';
import { homeContent, defaultMeta, homeMeta } from '../../../client/content/home-content';
import { aboutContent } from '../../../client/content/about-content';
import { testimonialsContent } from '../../../client/content/testimonials';
import { legalPages } from '../../../client/content/legal-pages';
import { siteDisclaimer } from '../../../client/content/site-disclaimer';

/** Every string reachable from a value, with its path, for whole-content checks. */
function collectStrings(value: unknown, path = '$'): Array<{ path: string; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, i) => collectStrings(item, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => collectStrings(item, `${path}.${key}`));
  }
  return [];
}

const allContent = {
  homeContent,
  defaultMeta,
  homeMeta,
  aboutContent,
  testimonialsContent,
  legalPages,
  siteDisclaimer,
};

const legalPageList = Object.values(legalPages);

describe('home content', () => {
  it('shows the three value points in order', () => {
    expect(homeContent.whyChooseUs.cards.map((card) => card.title)).toEqual([
      'Innovative Technology',
      'Expert Consulting',
      'Improved Outcomes',
    ]);
  });

  it('uses the spec labels and links for the calls to action', () => {
    expect(homeContent.hero.headline).toBe('Your Journey to Better Health Starts Here');
    expect(homeContent.hero.tagline).toBe('Innovating Health, Empowering Lives');
    expect(homeContent.hero.primaryCta).toEqual({ label: 'Get Started Now', href: '/signup' });
    expect(homeContent.hero.secondaryCta).toEqual({ label: 'Explore Services', href: '/services' });
    expect(homeContent.welcome.ctas).toEqual([
      { label: 'Explore Our Services', href: '/services' },
      { label: 'Learn More About Us', href: '/about' },
    ]);
    expect(homeContent.news.heading).toBe('News & Health Insights');
    expect(homeContent.news.viewAllLabel).toBe('View All Posts');
    expect(homeContent.news.viewAllHref).toBe('/blog');
  });

  it('claims over seven years of experience', () => {
    expect(homeContent.welcome.paragraphs.join(' ')).toContain('over seven years');
  });

  it('keeps meta descriptions within 155 characters', () => {
    const descriptions = [
      defaultMeta.description,
      homeMeta.description,
      aboutContent.meta.description,
      testimonialsContent.meta.description,
      ...legalPageList.map((page) => page.metaDescription),
    ];
    for (const description of descriptions) {
      expect(description.length).toBeLessThanOrEqual(155);
    }
  });
});

describe('about content', () => {
  it('lists the six values in the spec order', () => {
    expect(aboutContent.values.items.map((value) => value.title)).toEqual([
      'Impact',
      'Innovation',
      'Excellence',
      'Speed',
      'Customer Focus',
      'Teamwork',
    ]);
    for (const value of aboutContent.values.items) {
      expect(value.description.trim()).not.toBe('');
    }
  });

  it('has five leaders with a title and bio', () => {
    expect(aboutContent.leadership.leaders).toHaveLength(5);
    for (const leader of aboutContent.leadership.leaders) {
      expect(leader.name.trim()).not.toBe('');
      expect(leader.title.trim()).not.toBe('');
      expect(leader.bio.trim()).not.toBe('');
    }
  });

  it('anchors the mission section for /about#mission', () => {
    expect(aboutContent.mission.id).toBe('mission');
  });
});

describe('testimonials content', () => {
  it('has four testimonials with the spec roles and ratings in order', () => {
    const { items } = testimonialsContent;
    expect(testimonialsContent.heading).toBe('Trusted by Patients and Professionals');
    expect(items).toHaveLength(4);
    expect(items.map((item) => item.role)).toEqual(['Patient', 'Caregiver', 'Physician', 'Patient Community Member']);
    expect(items.map((item) => item.rating)).toEqual([5, 5, 4, 5]);
  });
});

describe('legal pages', () => {
  it('has the four static pages with the spec titles', () => {
    expect(Object.keys(legalPages).sort()).toEqual(
      ['accessibility', 'hipaa-compliance', 'privacy-policy', 'terms-of-service'].sort(),
    );
    expect(legalPages['privacy-policy'].title).toBe('Privacy Policy');
    expect(legalPages['terms-of-service'].title).toBe('Terms of Service');
    expect(legalPages['hipaa-compliance'].title).toBe('HIPAA Compliance');
    expect(legalPages.accessibility.title).toBe('Accessibility Statement');
  });

  it.each(legalPageList.map((page) => [page.slug, page] as const))(
    '%s has unique kebab-case section ids and non-empty paragraphs',
    (slug, page) => {
      expect(page.slug).toBe(slug);
      expect(page.sections.length).toBeGreaterThanOrEqual(5);
      expect(page.sections.length).toBeLessThanOrEqual(12);
      const ids = page.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const section of page.sections) {
        expect(section.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(section.paragraphs.length).toBeGreaterThan(0);
        for (const paragraph of section.paragraphs) {
          expect(paragraph.trim()).not.toBe('');
        }
      }
    },
  );

  it('privacy policy covers the NDPA and HIPAA', () => {
    const text = collectStrings(legalPages['privacy-policy'])
      .map((entry) => entry.text)
      .join(' ');
    expect(text).toContain('Nigeria Data Protection Act 2023');
    expect(text).toContain('HIPAA');
  });

  it('accessibility statement promises a reply within 5 business days', () => {
    const text = collectStrings(legalPages.accessibility)
      .map((entry) => entry.text)
      .join(' ');
    expect(text).toContain('5 business days');
  });

  it('accessibility statement carries the Visual Assist request texts', () => {
    expect(legalPages.accessibility.visualAssist).toMatchObject({
      buttonLabel: 'Request Visual Assist',
      toastTitle: 'Coming Soon',
      toastDescription: 'The Visual Assist feature is currently under development. Thank you for your interest!',
    });
  });
});

describe('all page content', () => {
  it('contains no placeholder lorem ipsum text', () => {
    const offenders = collectStrings(allContent).filter((entry) => /lorem/i.test(entry.text));
    expect(offenders).toEqual([]);
  });

  it('contains no HTML markup', () => {
    const offenders = collectStrings(allContent).filter((entry) => /<\/?[a-z][^>]*>/i.test(entry.text));
    expect(offenders).toEqual([]);
  });

  it('the site disclaimer covers medical advice, the Symptom Checker and emergencies', () => {
    expect(siteDisclaimer).toContain('not medical advice');
    expect(siteDisclaimer).toContain('Symptom Checker is not a diagnostic tool');
    expect(siteDisclaimer).toContain('112');
    expect(siteDisclaimer).toContain('767');
  });
});
