import { blogPostCard } from '../components/post-card';
import { PostListing } from '../components/post-listing';
import { blogPosts } from '../content/blog-posts';
import { cataloguePages } from '../content/catalogue-pages';

export function BlogContent() {
  return <PostListing texts={cataloguePages.blog} posts={blogPosts.map(blogPostCard)} />;
}
