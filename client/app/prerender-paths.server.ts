/**
 * Server-only (*.server): the slug lists of the catalogue routes, prerendered at build time. The content modules they
 * read stay out of the client bundle; in the browser these are stubs (routes' `prerender` is only read by the build).
 */
import { blogPosts } from '../content/blog-posts';
import { products } from '../content/ehr-product';
import { jobs } from '../content/jobs';
import { newsArticles } from '../content/news-articles';
import { allServices, patientCategories, providerCategories, providerServices } from '../content/services-catalogue';
import { paths } from './paths';

export const providerServicePaths = () =>
  [...providerCategories.map((c) => c.categorySlug), ...providerServices.map((s) => s.slug)].map(paths.providerService);
export const servicePaths = () =>
  [...patientCategories.map((c) => c.categorySlug), ...allServices.map((s) => s.slug)].map(paths.service);
export const blogPostPaths = () => blogPosts.map((post) => paths.blogPost(post.slug));
export const newsArticlePaths = () => newsArticles.map((article) => paths.newsArticle(article.slug));
export const applyPaths = () => jobs.map((job) => paths.apply(job.slug));
export const productPaths = () => products.map((product) => paths.product(product.slug));
