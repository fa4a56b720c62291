import { newsArticleCard } from '../components/post-card';
import { PostListing } from '../components/post-listing';
import { cataloguePages } from '../content/catalogue-pages';
import { newsArticles } from '../content/news-articles';

export function NewsContent() {
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
