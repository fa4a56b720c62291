import { paths } from '../app/paths';
import type { BlogPost } from '../content/blog-posts';
import type { NewsArticle } from '../content/news-articles';
import { AppLink } from './app-link';
import { Illustration, type IllustrationKey } from './illustration';

export type PostCardProps = {
  href: string;
  title: string;
  category: string;
  date: string;
  excerpt: string;
  imageKey: IllustrationKey;
  imageDescription: string;
  readMoreLabel?: string;
  headingLevel?: 2 | 3;
};

/** What a card shows of one post, with a React key: every list of posts maps through these. */
export type PostCardContent = Omit<PostCardProps, 'readMoreLabel' | 'headingLevel'> & { key: string };

export const blogPostCard = (post: BlogPost): PostCardContent => ({
  key: post.slug,
  href: paths.blogPost(post.slug),
  title: post.title,
  category: post.category,
  date: post.date,
  excerpt: post.excerpt,
  imageKey: post.imageKey,
  imageDescription: post.imageDescription,
});

export const newsArticleCard = (article: NewsArticle): PostCardContent => ({
  key: article.slug,
  href: paths.newsArticle(article.slug),
  title: article.title,
  category: article.category,
  date: article.date,
  excerpt: article.summary,
  imageKey: article.imageKey,
  imageDescription: article.fullArticleImageDescription,
});

const dateFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeZone: 'UTC' });

export const formatPostDate = (isoDate: string) => dateFormat.format(new Date(`${isoDate}T00:00:00Z`));

/** Teaser of a blog post or news article. Digital Health gets the teal badge the spec asks for. */
export function PostCard({
  href,
  title,
  category,
  date,
  excerpt,
  imageKey,
  imageDescription,
  readMoreLabel = 'Read More',
  headingLevel = 3,
}: PostCardProps) {
  const Heading = `h${headingLevel}` as const;
  const badgeClass = category === 'Digital Health' ? 'app-badge app-badge--teal' : 'app-badge';
  return (
    <article className="app-post-card">
      <Illustration name={imageKey} alt={imageDescription} className="app-post-card__image" />
      <div className="app-post-card__body">
        <p className="app-post-card__meta">
          <span className={badgeClass}>{category}</span>
          <time dateTime={date}>{formatPostDate(date)}</time>
        </p>
        <Heading className="app-post-card__title">{title}</Heading>
        <p className="app-post-card__excerpt">{excerpt}</p>
        <AppLink href={href} className="app-card__link">
          {readMoreLabel}
          <span className="app-visually-hidden">: {title}</span>
        </AppLink>
      </div>
    </article>
  );
}
