import { newsArticleCard } from '../components/post-card';
import { PostListing } from '../components/post-listing';
import { ServerContent } from '../components/server-content';
import { cataloguePages } from '../content/catalogue-pages';
import { newsArticles } from '../content/news-articles';
import '../styles/catalogue.css';

/** /news: both company news articles. */
export default function NewsPage() {
  return <ServerContent id="news">{import.meta.env.SSR ? <NewsContent /> : null}</ServerContent>;
}

function NewsContent() {
  const texts = cataloguePages.news;
  return (
    <PostListing
      meta={texts.meta}
      title={texts.title}
      intro={texts.intro}
      readMoreLabel={texts.readMore}
      posts={newsArticles.map(newsArticleCard)}
    />
  );
}
