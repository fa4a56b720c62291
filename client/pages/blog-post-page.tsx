import { useParams } from 'wouter';
import { ServerContent } from '../rendering/server-content';
import '../styles/catalogue.css';
import { BlogPostContent } from './blog-post-page.server';

/** /blog/{slug}: the whole post, or the 'Blog Post Detail' placeholder (HTTP 404) for an unknown slug. */
export default function BlogPostPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  return (
    <ServerContent id="blog-post">
      <BlogPostContent slug={slug} />
    </ServerContent>
  );
}
