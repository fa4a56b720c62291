import { FeatureCard } from '../components/feature-card';
import { Illustration } from '../components/illustration';
import { PageHeader } from '../components/page-header';
import { newsArticleCard, PostCard } from '../components/post-card';
import { TitledSection } from '../components/titled-section';
import { cataloguePages } from '../content/catalogue-pages';
import { newsArticles } from '../content/news-articles';
import { PageMeta } from '../layout/page-meta';

export function ResourcesContent() {
  const texts = cataloguePages.resources;
  return (
    <>
      <PageMeta title={texts.meta.title} description={texts.meta.description} />
      <PageHeader title={texts.title} intro={texts.intro} />

      <section className="app-section" aria-labelledby="support-heading">
        <h2 id="support-heading" className="app-visually-hidden">
          {texts.cardsHeading}
        </h2>
        <ul className="app-container app-grid app-grid--4">
          {texts.cards.map((card) =>
            card.kind === 'link' ? (
              <li key={card.title} className="app-catalogue__item">
                <FeatureCard
                  title={card.title}
                  description={card.description}
                  link={{ href: card.href, label: card.linkLabel }}
                />
              </li>
            ) : (
              <li key={card.title} className="app-card app-card--disabled" data-coming-soon="true">
                <h3 className="app-card__title">{card.title}</h3>
                <p className="app-card__text">{card.description}</p>
                <p className="app-catalogue__soon">
                  <span className="app-badge">{texts.comingSoon}</span>
                  <span className="app-visually-hidden">
                    : {card.title} is {texts.unavailable}
                  </span>
                </p>
              </li>
            ),
          )}
        </ul>
      </section>

      <TitledSection id="news" heading={texts.newsHeading} intro={texts.newsIntro} tinted anchor>
        <ul className="app-grid app-grid--2">
          {newsArticles.map(newsArticleCard).map(({ key, ...card }) => (
            <li key={key} className="app-catalogue__item">
              <PostCard {...card} />
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection id="gallery" heading={texts.galleryHeading} intro={texts.galleryIntro} anchor>
        {/* Focusable so keyboard users can scroll it sideways (WCAG 2.1.1). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroller must take focus (WCAG 2.1.1) */}
        <div className="app-catalogue__gallery" role="region" aria-label={texts.galleryScrollLabel} tabIndex={0}>
          <ul>
            {texts.gallery.map((photo) => (
              <li key={photo.imageKey} className="app-catalogue__photo">
                <figure>
                  <Illustration name={photo.imageKey} alt={photo.alt} />
                  <figcaption>{photo.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </TitledSection>

      <section id="careers" className="app-section app-section--tinted" aria-labelledby="careers-heading">
        <div className="app-container">
          <div className="app-card app-catalogue__careers">
            <h2 id="careers-heading" className="app-card__title">
              {texts.careersHeading}
            </h2>
            <p className="app-card__text">{texts.careersText}</p>
            <ul className="app-catalogue__link-list">
              {texts.careersLinks.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="app-card__link">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </>
  );
}
