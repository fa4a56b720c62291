import { ServerContent } from '../rendering/server-content';
import '../styles/catalogue.css';
import { BlogContent } from './blog-page.server';

/** /blog: every post as a card with date, category badge, excerpt and image. */
export default function BlogPage() {
  return (
    <ServerContent id="blog">
      <BlogContent />
    </ServerContent>
  );
}
