import { describe, it, expect } from 'vitest';
import { blogPosts, blogTeasers, findBlogPost, postWordCount } from '../../../client/content/blog-posts';
import { findNewsArticle, newsArticles } from '../../../client/content/news-articles';
import { careersTexts, findJob, jobs } from '../../../client/content/jobs';
import { brand } from '../../../shared/brand';
import { BLOG_TEASER_COUNT } from '../../../shared/constants';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ALLOWED_TAGS = new Set(['p', 'h2', 'ul', 'li', 'strong', 'em']);

describe('blog posts', () => {
  it('has four posts, one per category, newest first', () => {
    expect(blogPosts.map((post) => post.category)).toEqual([
      'Travel Health',
      'Mental Health',
      'Preventive Care',
      'Digital Health',
    ]);
    const dates = blogPosts.map((post) => post.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const date of dates) {
      expect(date).toMatch(ISO_DATE);
      expect(date.startsWith('2025-')).toBe(true);
    }
  });

  it('has unique kebab-case slugs that match the titles', () => {
    const slugs = blogPosts.map((post) => post.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const post of blogPosts) {
      expect(post.slug).toMatch(KEBAB);
      const fromTitle = post.title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      expect(post.slug).toBe(fromTitle);
    }
  });

  it('keeps each body between 300 and 800 words', () => {
    for (const post of blogPosts) {
      const words = postWordCount(post);
      expect(words, post.slug).toBeGreaterThanOrEqual(300);
      expect(words, post.slug).toBeLessThanOrEqual(800);
    }
  });

  it('gives every post a reviewer, a review date, alt text and https sources', () => {
    for (const post of blogPosts) {
      expect(post.reviewedBy.trim(), post.slug).not.toBe('');
      expect(post.reviewedOn, post.slug).toMatch(ISO_DATE);
      expect(post.reviewedOn <= post.date, post.slug).toBe(true);
      expect(post.imageDescription.trim(), post.slug).not.toBe('');
      expect(post.excerpt.trim(), post.slug).not.toBe('');
      expect(post.sources.length, post.slug).toBeGreaterThanOrEqual(1);
      for (const source of post.sources) {
        expect(source.title.trim()).not.toBe('');
        expect(new URL(source.url).protocol, source.url).toBe('https:');
      }
    }
  });

  it('has no empty body blocks', () => {
    for (const post of blogPosts) {
      for (const block of post.body) {
        if (block.kind === 'list') {
          expect(block.items.length).toBeGreaterThan(0);
          for (const item of block.items) expect(item.trim()).not.toBe('');
        } else {
          expect(block.text.trim()).not.toBe('');
        }
      }
    }
  });

  it('finds posts by slug and exposes the home page teasers', () => {
    const [first] = blogPosts;
    expect(findBlogPost(first!.slug)).toBe(first);
    expect(findBlogPost('no-such-post')).toBeUndefined();
    expect(blogTeasers).toEqual(blogPosts.slice(0, BLOG_TEASER_COUNT));
    expect(blogTeasers).toHaveLength(4);
  });
});

describe('news articles', () => {
  it('has the two spec articles', () => {
    expect(newsArticles.map(({ slug, date, category }) => ({ slug, date, category }))).toEqual([
      { slug: 'reprohaven-launch-announcement', date: '2025-05-20', category: 'Company News' },
      {
        slug: `${brand.slug}-partnerships-holistic-care`,
        date: '2025-05-19',
        category: 'Company News',
      },
    ]);
    expect(findNewsArticle('reprohaven-launch-announcement')).toBe(newsArticles[0]);
    expect(findNewsArticle('no-such-article')).toBeUndefined();
  });

  it('uses only the allowed tags, with no attributes', () => {
    for (const article of newsArticles) {
      const tags = [...article.html.matchAll(/<\/?([a-zA-Z0-9]+)([^>]*)>/g)];
      expect(tags.length, article.slug).toBeGreaterThan(0);
      for (const [whole, name, rest] of tags) {
        expect(ALLOWED_TAGS.has(name!), whole).toBe(true);
        expect(rest, whole).toBe('');
      }
      // No stray angle brackets, comments or entities outside the tags above.
      const text = article.html.replace(/<\/?(?:p|h2|ul|li|strong|em)>/g, '');
      expect(text, article.slug).not.toMatch(/[<>]/);
      expect(text, article.slug).not.toMatch(/&/);
    }
  });

  it('keeps each body between 200 and 400 words, with alt text and a summary', () => {
    for (const article of newsArticles) {
      const words = article.html
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, article.slug).toBeGreaterThanOrEqual(200);
      expect(words, article.slug).toBeLessThanOrEqual(400);
      expect(article.fullArticleImageDescription.trim()).not.toBe('');
      expect(article.summary.trim()).not.toBe('');
    }
  });
});

describe('jobs', () => {
  it('has the one spec job', () => {
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job).toMatchObject({
      title: 'Data Analyst',
      slug: 'data-analyst',
      location: 'Lagos Nigeria (Hybrid)',
    });
    const sentences = job!.description.split(/(?<=\.)\s+/).filter(Boolean);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    expect(sentences.length).toBeLessThanOrEqual(4);
    expect(findJob('data-analyst')).toBe(job);
    expect(findJob('nurse')).toBeUndefined();
  });

  it('has the spec careers texts', () => {
    expect(careersTexts.jobsHeading).toBe('Job Opportunities');
    expect(careersTexts.emptyText).toBe('There are currently no open positions. Please check back later!');
    expect(careersTexts.applyLabel).toBe('Apply Now');
    expect(careersTexts.internships.heading).toBe('Internships');
    expect(careersTexts.trainings.heading).toBe('Trainings');
  });
});
