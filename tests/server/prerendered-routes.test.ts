import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brand } from '../../shared/brand';
import { blogPosts } from '../../client/content/blog-posts';
import { products } from '../../client/content/ehr-product';
import { careersTexts, jobs } from '../../client/content/jobs';
import { newsArticles } from '../../client/content/news-articles';
import {
  patientCategories,
  patientServices,
  providerCategories,
  providerServices,
} from '../../client/content/services-catalogue';
import { startTestServer } from '../helpers/test-server';

/** Visible text of an HTML page: tags dropped, the entities React writes decoded. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

const titleOf = (html: string) => textOf(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? '').trim();
const h1Of = (html: string) => textOf(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '').trim();

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ withSite: true });
});
afterAll(() => server.close());

const get = (path: string) => fetch(`${server.baseUrl}${path}`, { redirect: 'manual' });

// [path, h1, document title]: the spec's texts (section 2), and the catalogue's titles for every slug.
const pages: [string, string, string][] = [
  ['/services', 'Our Services', `Our Services - ${brand.name}`],
  ['/services/provider', 'For Health Providers', `For Health Providers - ${brand.name}`],
  ...patientCategories.map((c): [string, string, string] => [
    `/services/${c.categorySlug}`,
    c.categoryTitle,
    `${c.categoryTitle} - ${brand.name}`,
  ]),
  ...providerCategories.map((c): [string, string, string] => [
    `/services/provider/${c.categorySlug}`,
    c.categoryTitle,
    `${c.categoryTitle} - ${brand.name}`,
  ]),
  ...patientServices.map((s): [string, string, string] => [
    `/services/${s.slug}`,
    s.title,
    `${s.title} - ${brand.name}`,
  ]),
  ...providerServices.map((s): [string, string, string] => [
    `/services/provider/${s.slug}`,
    s.title,
    `${s.title} - ${brand.name}`,
  ]),
  // The footer links provider services under /services/{slug} too.
  ...providerServices.map((s): [string, string, string] => [
    `/services/${s.slug}`,
    s.title,
    `${s.title} - ${brand.name}`,
  ]),
  ['/blog', 'Blog', `Blog - ${brand.name}`],
  ...blogPosts.map((p): [string, string, string] => [
    `/blog/${p.slug}`,
    p.title,
    `${p.slug.replace(/-/g, ' ')} - ${brand.name}`,
  ]),
  ['/news', 'News', `News - ${brand.name}`],
  ...newsArticles.map((a): [string, string, string] => [`/news/${a.slug}`, a.title, `${a.title} - ${brand.name}`]),
  ['/contact', 'Get in Touch', `Contact Us - ${brand.name}`],
  ['/resources', 'Resources', `Resources - ${brand.name}`],
  ['/careers/job-opportunities', 'Job Opportunities', `Job Opportunities - ${brand.name}`],
  ['/careers/internships', careersTexts.internships.heading, `Internships - ${brand.name}`],
  ['/careers/trainings', careersTexts.trainings.heading, `Trainings - ${brand.name}`],
  ...jobs.map((j): [string, string, string] => [`/apply/${j.slug}`, j.title, `Apply: ${j.title} - ${brand.name}`]),
  ['/self-diagnoses', 'Symptom Checker', `Symptom Checker - ${brand.name}`],
  ...products.map((p): [string, string, string] => [`/products/${p.slug}`, p.name, `${p.name} - ${brand.name}`]),
];

describe('every catalogue route and slug is served with its title', () => {
  it('covers all 14 patient and 10 provider services, 11 categories, the posts, articles and product', () => {
    expect(patientServices).toHaveLength(14);
    expect(providerServices).toHaveLength(10);
    expect(patientCategories.length + providerCategories.length).toBe(11);
    expect(pages.length).toBeGreaterThanOrEqual(60);
  });

  it.each(pages)('%s shows "%s"', async (path, h1, title) => {
    const response = await get(path);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(h1Of(html)).toBe(h1);
    expect(titleOf(html)).toBe(title);
  });
});

describe('spec texts on the pages', () => {
  it('/services shows both sections with five and six Learn More cards', async () => {
    const text = textOf(await (await get('/services')).text());
    expect(text).toContain('Patient-Centered Care');
    expect(text).toContain('For Health Providers');
    expect(text.match(/Learn More/g)).toHaveLength(11);
  });

  it('a service page shows Key Features and its back link', async () => {
    const html = await (await get('/services/virtual-consultation')).text();
    expect(textOf(html)).toContain('Key Features');
    expect(html).toMatch(/<a[^>]+href="\/services"[^>]*>[\s\S]*?Back to Services/);
    const provider = await (await get('/services/provider/health-it-infrastructure')).text();
    expect(provider).toMatch(/href="\/services\/provider"/);
    const trials = await (await get('/services/international-clinical-trials')).text();
    expect(trials).toMatch(/href="\/services\/international-health-services"/);
  });

  it('/careers/job-opportunities lists the Data Analyst job with Apply Now', async () => {
    const html = await (await get('/careers/job-opportunities')).text();
    expect(textOf(html)).toContain('Lagos Nigeria (Hybrid)');
    expect(html).toMatch(/href="\/apply\/data-analyst"[^>]*>Apply Now/);
  });

  it('/products/ehr has eight key features and Request a Demo to /contact', async () => {
    const html = await (await get('/products/ehr')).text();
    expect(html.match(/class="app-icon app-catalogue__check"/g)).toHaveLength(8);
    expect(html).toMatch(/href="\/contact"[^>]*>Request a Demo/);
  });
});

describe('not-found views answer 404', () => {
  const cases: [string, string, string | null][] = [
    ['/services/not-a-service', 'Service Not Found', null],
    ['/services/provider/not-a-service', 'Service Not Found', null],
    ['/blog/not-a-post', 'Blog Post Detail', `not a post - ${brand.name}`],
    ['/news/not-an-article', 'News Article Not Found', null],
    ['/products/not-a-product', 'Product Not Found', null],
  ];

  it.each(cases)('%s → 404 "%s"', async (path, h1, title) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(h1Of(html)).toBe(h1);
    if (title) expect(titleOf(html)).toBe(title);
  });

  it('uses the spec sentences', async () => {
    const news = textOf(await (await get('/news/not-an-article')).text());
    expect(news).toContain("The news article you're looking for doesn't exist or has been moved");
    expect(news).toContain('Back to Resources');
    const product = textOf(await (await get('/products/not-a-product')).text());
    expect(product).toContain('Product Not Found The product you are looking for does not exist.');
    const service = await (await get('/services/not-a-service')).text();
    expect(service).toMatch(/href="\/services"[^>]*>[\s\S]*?Back to Services/);
  });
});

describe('/services/medical-tourism', () => {
  it('answers a direct request with a permanent redirect to /services/international-health', async () => {
    const response = await get('/services/medical-tourism');
    expect([301, 308]).toContain(response.status);
    expect(response.headers.get('location')).toBe('/services/international-health');
  });
});
