import type { ReactNode } from 'react';
import { PageMeta } from '../layout/page-meta';
import { BackLink } from './back-link';
import { Illustration, type IllustrationKey } from './illustration';
import { PageHeader } from './page-header';
import { formatPostDate } from './post-card';

type ArticlePageProps = {
  meta: { title: string; description: string };
  title: string;
  summary: string;
  back: { href: string; label: string };
  category: { name: string; badgeClassName: string };
  date: string;
  image: { key: IllustrationKey; description: string };
  children: ReactNode;
};

/** The template of a blog post and a news article: heading, back link, category and date, lead image, then body. */
export function ArticlePage({ meta, title, summary, back, category, date, image, children }: ArticlePageProps) {
  return (
    <article>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHeader title={title} intro={summary}>
        <BackLink href={back.href} label={back.label} />
        <p className="app-post-card__meta">
          <span className={category.badgeClassName}>{category.name}</span>
          <time dateTime={date}>{formatPostDate(date)}</time>
        </p>
      </PageHeader>
      <div className="app-section">
        <div className="app-container app-prose">
          <Illustration name={image.key} alt={image.description} eager className="app-catalogue__article-image" />
          {children}
        </div>
      </div>
    </article>
  );
}
