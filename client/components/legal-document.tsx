import { brand } from '../../shared/brand';
import type { LegalPage } from '../content/legal-pages';
import { PageMeta } from '../layout/page-meta';
import { CurrentDate } from './current-date';
import { PageHeader } from './page-header';

/** The template behind the four static policy pages (rendered on the server only; see ServerContent). */
export function LegalDocument({ page }: { page: LegalPage }) {
  return (
    <>
      <PageMeta title={`${page.title} - ${brand.name}`} description={page.metaDescription} />
      <PageHeader title={page.title} intro={page.intro}>
        <p className="app-eyebrow">
          Last updated: <CurrentDate format="long" />
        </p>
      </PageHeader>
      <div className="app-section">
        <div className="app-container app-prose">
          <nav aria-label="On this page" className="app-toc">
            <h2 className="app-toc__title">On this page</h2>
            <ul>
              {page.sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ul>
          </nav>
          {page.sections.map((section) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.list ? (
                <ul>
                  {section.list.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
