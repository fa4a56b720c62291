/**
 * Server-only (*.server): the URLs rendered to HTML at build time, with the slug lists of the catalogue routes. The
 * content modules they read stay out of the client bundle (the browser gets a stub; only the build calls this).
 */
import { blogPosts } from '../content/blog-posts';
import { products } from '../content/ehr-product';
import { jobs } from '../content/jobs';
import { newsArticles } from '../content/news-articles';
import { allServices, patientCategories, providerCategories, providerServices } from '../content/services-catalogue';
import { paths } from './paths';
import { routeTable } from './routes';

/** The concrete URLs of each slug route, by its path pattern in the route table. */
const slugRoutes: Record<string, () => string[]> = {
  [paths.providerService(':slug')]: () =>
    [...providerCategories.map((c) => c.categorySlug), ...providerServices.map((s) => s.slug)].map(
      paths.providerService,
    ),
  [paths.service(':slug')]: () =>
    [...patientCategories.map((c) => c.categorySlug), ...allServices.map((s) => s.slug)].map(paths.service),
  [paths.blogPost(':slug')]: () => blogPosts.map((post) => paths.blogPost(post.slug)),
  [paths.newsArticle(':slug')]: () => newsArticles.map((article) => paths.newsArticle(article.slug)),
  [`${paths.apply('')}:slug`]: () => jobs.map((job) => paths.apply(job.slug)),
  [paths.product(':slug')]: () => products.map((product) => paths.product(product.slug)),
};

export function prerenderPaths(): string[] {
  return routeTable.flatMap((route) => {
    if (route.prerender === false) return [];
    const slugs = slugRoutes[route.path];
    if (slugs) return slugs();
    return route.path.includes(':') ? [] : [route.path];
  });
}
