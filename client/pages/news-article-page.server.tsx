import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { ArticlePage } from '../components/article-page';
import { PageHeader } from '../components/page-header';
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
    <ArticlePage
      meta={{ title: `${article.title} - ${brand.name}`, description: article.summary }}
      title={article.title}
      summary={article.summary}
      back={{ href: paths.resources(), label: texts.backToResources }}
      category={{ name: article.category, badgeClassName: 'app-badge' }}
      date={article.date}
      image={{ key: article.imageKey, description: article.fullArticleImageDescription }}
    >
      {/* Our own hand-written HTML (tags checked by tests/client/content/articles.test.ts),
          rendered on the server only. */}
      <div className="app-catalogue__article-body" dangerouslySetInnerHTML={{ __html: article.html }} />
    </ArticlePage>
  );
}
