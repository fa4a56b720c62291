import { ServerContent } from '../rendering/server-content';
import '../styles/catalogue.css';
import { NewsContent } from './news-page.server';

/** /news: both company news articles. */
export default function NewsPage() {
  return (
    <ServerContent id="news">
      <NewsContent />
    </ServerContent>
  );
}
