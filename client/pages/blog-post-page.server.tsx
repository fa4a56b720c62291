import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { ArticlePage } from '../components/article-page';
import { PageHeader } from '../components/page-header';
import { formatPostDate } from '../components/post-card';
import { findBlogPost, type ArticleBlock, type BlogPost } from '../content/blog-posts';
import { cataloguePages } from '../content/catalogue-pages';
import { NotFoundStatus, PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

/** The spec titles blog post pages with the slug, hyphens turned into spaces. */
const titleFromSlug = (slug: string) => `${slug.replace(/-/g, ' ')} - ${brand.name}`;

export function BlogPostContent({ slug }: { slug: string }) {
  const texts = cataloguePages.blog;
  const post = findBlogPost(slug);
  if (!post) {
    return (
      <>
        <NotFoundStatus />
        <PageMeta title={titleFromSlug(slug)} description={texts.notFound.description} />
        <PageHeader title={texts.notFound.title}>
          <BackLink href={paths.blog()} label={texts.backToBlog} />
        </PageHeader>
        <div className="app-section">
          <div className="app-container app-prose">
            <p>{texts.notFound.text}</p>
          </div>
        </div>
      </>
    );
  }
  return <BlogArticle post={post} />;
}

function BlogArticle({ post }: { post: BlogPost }) {
  const texts = cataloguePages.blog;
  return (
    <ArticlePage
      meta={{ title: titleFromSlug(post.slug), description: post.excerpt }}
      title={post.title}
      summary={post.excerpt}
      back={{ href: paths.blog(), label: texts.backToBlog }}
      category={{
        name: post.category,
        badgeClassName: post.category === 'Digital Health' ? 'app-badge app-badge--teal' : 'app-badge',
      }}
      date={post.date}
      image={{ key: post.imageKey, description: post.imageDescription }}
    >
      {post.body.map((block, index) => (
        <Block key={index} block={block} />
      ))}
      <p className="app-catalogue__reviewed">
        {post.reviewedBy}. {texts.reviewedOn} <time dateTime={post.reviewedOn}>{formatPostDate(post.reviewedOn)}</time>.
      </p>
      {post.sources.length ? (
        <section aria-labelledby="sources-heading">
          <h2 id="sources-heading">{texts.sourcesHeading}</h2>
          <ul>
            {post.sources.map((source) => (
              <li key={source.url}>
                <a href={source.url} rel="noopener noreferrer">
                  {source.title}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="app-callout">{texts.disclaimer}</p>
    </ArticlePage>
  );
}

function Block({ block }: { block: ArticleBlock }) {
  if (block.kind === 'heading') return <h2>{block.text}</h2>;
  if (block.kind === 'paragraph') return <p>{block.text}</p>;
  return (
    <ul>
      {block.items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}
