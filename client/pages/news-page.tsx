import { paths } from '../app/paths';
import { PageHeader } from '../components/page-header';
import { PostCard } from '../components/post-card';
import { ServerContent } from '../components/server-content';
import { cataloguePages } from '../content/catalogue-pages';
import { newsArticles } from '../content/news-articles';
import { PageMeta } from '../layout/page-meta';
import '../styles/catalogue.css';

/** /news: both company news articles. */
export default function NewsPage() {
  return <ServerContent id="news">{import.meta.env.SSR ? <NewsContent /> : null}</ServerContent>;
}

function NewsContent() {
  const texts = cataloguePages.news;
  return (
    <>
      <PageMeta title={texts.meta.title} description={texts.meta.description} />
      <PageHeader title={texts.title} intro={texts.intro} />
      <section className="app-section" aria-label={texts.title}>
        <ul className="app-container app-grid app-grid--2">
          {newsArticles.map((article) => (
            <li key={article.slug} className="app-catalogue__item">
              <PostCard
                href={paths.newsArticle(article.slug)}
                title={article.title}
                category={article.category}
                date={article.date}
                excerpt={article.summary}
                imageKey={article.imageKey}
                imageDescription={article.fullArticleImageDescription}
                readMoreLabel={texts.readMore}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
