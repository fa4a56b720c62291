import { PageMeta } from '../layout/page-meta';
import { PageHeader } from './page-header';
import { PostCard, type PostCardContent } from './post-card';

/** A listing's texts, as the catalogue content gives them for /blog and /news. */
type ListingTexts = {
  meta: { title: string; description: string };
  title: string;
  intro: string;
  readMore: string;
};

/** The template of /blog and /news: a page heading and one card per post (server-rendered). */
export function PostListing({ texts, posts }: { texts: ListingTexts; posts: PostCardContent[] }) {
  const { meta, title, intro, readMore } = texts;
  return (
    <>
      <PageMeta title={meta.title} description={meta.description} />
      <PageHeader title={title} intro={intro} />
      <section className="app-section" aria-label={title}>
        <ul className="app-container app-grid app-grid--2">
          {posts.map(({ key, ...post }) => (
            <li key={key} className="app-catalogue__item">
              <PostCard {...post} readMoreLabel={readMore} headingLevel={2} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
