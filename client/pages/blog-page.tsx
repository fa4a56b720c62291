import { paths } from '../app/paths';
import { PageHeader } from '../components/page-header';
import { PostCard } from '../components/post-card';
import { ServerContent } from '../components/server-content';
import { blogPosts } from '../content/blog-posts';
import { cataloguePages } from '../content/catalogue-pages';
import { PageMeta } from '../layout/page-meta';
import '../styles/catalogue.css';

/** /blog: every post as a card with date, category badge, excerpt and image. */
export default function BlogPage() {
  return <ServerContent id="blog">{import.meta.env.SSR ? <BlogContent /> : null}</ServerContent>;
}

function BlogContent() {
  const texts = cataloguePages.blog;
  return (
    <>
      <PageMeta title={texts.meta.title} description={texts.meta.description} />
      <PageHeader title={texts.title} intro={texts.intro} />
      <section className="app-section" aria-label={texts.title}>
        <ul className="app-container app-grid app-grid--2">
          {blogPosts.map((post) => (
            <li key={post.slug} className="app-catalogue__item">
              <PostCard
                href={paths.blogPost(post.slug)}
                title={post.title}
                category={post.category}
                date={post.date}
                excerpt={post.excerpt}
                imageKey={post.imageKey}
                imageDescription={post.imageDescription}
                readMoreLabel={texts.readMore}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
