import { blogPostCard } from '../components/post-card';
import { PostListing } from '../components/post-listing';
import { ServerContent } from '../components/server-content';
import { blogPosts } from '../content/blog-posts';
import { cataloguePages } from '../content/catalogue-pages';
import '../styles/catalogue.css';

/** /blog: every post as a card with date, category badge, excerpt and image. */
export default function BlogPage() {
  return <ServerContent id="blog">{import.meta.env.SSR ? <BlogContent /> : null}</ServerContent>;
}

function BlogContent() {
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
