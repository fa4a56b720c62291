import { ButtonLink } from '../components/button-link';
import { FeatureCard } from '../components/feature-card';
import { Illustration } from '../components/illustration';
import { blogPostCard, PostCard } from '../components/post-card';
import { blogTeasers } from '../content/blog-posts';
import { homeContent, homeMeta } from '../content/home-content';
import { PageMeta } from '../layout/page-meta';
import { TitledSection } from '../components/titled-section';

export function HomeContent() {
  const { hero, welcome, whyChooseUs, news } = homeContent;
  return (
    <>
      <PageMeta title={homeMeta.title} description={homeMeta.description} />
      <section className="app-hero" aria-labelledby="hero-heading">
        <div className="app-container app-hero__inner">
          <div className="app-hero__text">
            <p className="app-eyebrow">{hero.tagline}</p>
            <h1 id="hero-heading" className="app-hero__title">
              {hero.headline}
            </h1>
            <p className="app-hero__intro">{hero.intro}</p>
            <div className="app-button-row">
              <ButtonLink href={hero.primaryCta.href}>{hero.primaryCta.label}</ButtonLink>
              <ButtonLink href={hero.secondaryCta.href} variant="secondary">
                {hero.secondaryCta.label}
              </ButtonLink>
            </div>
          </div>
          <Illustration name="hero" alt="" eager className="app-hero__image" />
        </div>
      </section>

      <section className="app-section" aria-labelledby="welcome-heading">
        <div className="app-container app-split">
          <Illustration name="welcome" alt="" className="app-split__image" />
          <div>
            <h2 id="welcome-heading">{welcome.heading}</h2>
            {welcome.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <div className="app-button-row">
              {welcome.ctas.map((cta, index) => (
                <ButtonLink key={cta.href} href={cta.href} variant={index === 0 ? 'primary' : 'secondary'}>
                  {cta.label}
                </ButtonLink>
              ))}
            </div>
          </div>
        </div>
      </section>

      <TitledSection id="why" heading={whyChooseUs.heading} tinted>
        <div className="app-grid app-grid--3">
          {whyChooseUs.cards.map((card) => (
            <FeatureCard key={card.title} title={card.title} description={card.description} icon={card.icon} />
          ))}
        </div>
      </TitledSection>

      <TitledSection id="news" heading={news.heading} intro={news.intro}>
        <div className="app-grid app-grid--4">
          {blogTeasers.map(blogPostCard).map(({ key, ...card }) => (
            <PostCard key={key} {...card} readMoreLabel={news.readMoreLabel} />
          ))}
        </div>
        <div className="app-button-row app-button-row--center">
          <ButtonLink href={news.viewAllHref} variant="secondary">
            {news.viewAllLabel}
          </ButtonLink>
        </div>
      </TitledSection>
    </>
  );
}
