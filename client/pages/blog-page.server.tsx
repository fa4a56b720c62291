import { blogPostCard } from '../components/post-card';
import { PostListing } from '../components/post-listing';
import { blogPosts } from '../content/blog-posts';
import { cataloguePages } from '../content/catalogue-pages';

export function BlogContent() {
  const texts = cataloguePages.blog;
  return (
    <PostListing
      meta={texts.meta}
      title={texts.title}
      intro={texts.intro}
      readMoreLabel={texts.readMore}
      posts={blogPosts.map(blogPostCard)}
    />
  );
}
