import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { Illustration } from '../components/illustration';
import { PageHeader } from '../components/page-header';
import { formatPostDate } from '../components/post-card';
import { cataloguePages } from '../content/catalogue-pages';
import { findNewsArticle, type NewsArticle } from '../content/news-articles';
import { NotFoundStatus, PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

export function NewsArticleContent({ slug }: { slug: string }) {
  const texts = cataloguePages.news;
  const article = findNewsArticle(slug);
  if (!article) {
    return (
      <>
        <NotFoundStatus />
        <PageMeta title={texts.notFound.meta.title} description={texts.notFound.meta.description} />
        <PageHeader title={texts.notFound.title} intro={texts.notFound.text}>
          <BackLink href={paths.resources()} label={texts.backToResources} />
        </PageHeader>
      </>
    );
  }
  return <Article article={article} />;
}

export function Article({ article }: { article: NewsArticle }) {
  const texts = cataloguePages.news;
  return (
    <article>
      <PageMeta title={`${article.title} - ${brand.name}`} description={article.summary} />
      <PageHeader title={article.title} intro={article.summary}>
        <BackLink href={paths.resources()} label={texts.backToResources} />
        <p className="app-post-card__meta">
          <span className="app-badge">{article.category}</span>
          <time dateTime={article.date}>{formatPostDate(article.date)}</time>
        </p>
      </PageHeader>
      <div className="app-section">
        <div className="app-container app-prose">
          <Illustration
            name={article.imageKey}
            alt={article.fullArticleImageDescription}
            eager
            className="app-catalogue__article-image"
          />
          {/* Our own hand-written HTML (tags checked by tests/client/content/articles.test.ts),
              rendered on the server only. */}
          <div className="app-catalogue__article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
        </div>
      </div>
    </article>
  );
}
