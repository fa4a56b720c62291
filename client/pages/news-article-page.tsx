import { useParams } from 'wouter';
import { ServerContent } from '../rendering/server-content';
import '../styles/catalogue.css';
import { NewsArticleContent } from './news-article-page.server';

/** /news/{slug}: title, date, category, image and body; 'News Article Not Found' (HTTP 404) otherwise. */
export default function NewsArticlePage() {
  const { slug = '' } = useParams<{ slug: string }>();
  return (
    <ServerContent id="news-article">
      <NewsArticleContent slug={slug} />
    </ServerContent>
  );
}
