import { newsArticleCard } from '../components/post-card';
import { PostListing } from '../components/post-listing';
import { cataloguePages } from '../content/catalogue-pages';
import { newsArticles } from '../content/news-articles';

export function NewsContent() {
  return <PostListing texts={cataloguePages.news} posts={newsArticles.map(newsArticleCard)} />;
}
