import { paths } from '../../app/paths';
import { FeatureCard } from '../../components/feature-card';
import { PageHeader } from '../../components/page-header';
import { cataloguePages } from '../../content/catalogue-pages';
import { patientCategories, providerCategories, type ServiceCategory } from '../../content/services-catalogue';
import { PageMeta } from '../../layout/page-meta';

type ServicesOverviewProps = {
  /** '/services' shows both audiences; '/services/provider' only the provider section. */
  only?: 'provider';
};

/**
 * Template of /services and /services/provider (server-rendered only, see ServerContent):
 * one card per category with its title, short description and Learn More.
 */
export function ServicesOverview({ only }: ServicesOverviewProps) {
  const texts = cataloguePages.services;
  if (only === 'provider') {
    const providerTexts = cataloguePages.providerServices;
    return (
      <>
        <PageMeta title={providerTexts.meta.title} description={providerTexts.meta.description} />
        <PageHeader title={providerTexts.title} intro={providerTexts.intro} />
        <section className="app-section" aria-label={providerTexts.title}>
          <CategoryCards categories={providerCategories} headingLevel={2} />
        </section>
      </>
    );
  }
  return (
    <>
      <PageMeta title={texts.meta.title} description={texts.meta.description} />
      <PageHeader title={texts.title} intro={texts.intro} />
      <AudienceSection
        id="patient-services"
        heading={texts.patientHeading}
        intro={texts.patientIntro}
        categories={patientCategories}
      />
      <AudienceSection
        id="provider-services"
        heading={texts.providerHeading}
        intro={texts.providerIntro}
        categories={providerCategories}
        tinted
      />
    </>
  );
}

type AudienceSectionProps = {
  id: string;
  heading: string;
  intro: string;
  categories: ServiceCategory[];
  tinted?: boolean;
};

/** One audience's part of /services: a titled section with its category cards. */
function AudienceSection({ id, heading, intro, categories, tinted }: AudienceSectionProps) {
  return (
    <section className={`app-section${tinted ? ' app-section--tinted' : ''}`} aria-labelledby={`${id}-heading`}>
      <div className="app-container">
        <h2 id={`${id}-heading`} className="app-section__title">
          {heading}
        </h2>
        <p className="app-section__intro">{intro}</p>
      </div>
      <CategoryCards categories={categories} headingLevel={3} />
    </section>
  );
}

function CategoryCards({ categories, headingLevel }: { categories: ServiceCategory[]; headingLevel: 2 | 3 }) {
  return (
    <ul className="app-container app-grid app-grid--3">
      {categories.map((category) => (
        <li key={category.categorySlug} className="app-catalogue__item">
          <FeatureCard
            title={category.categoryTitle}
            description={category.categoryDescription}
            icon={category.icon}
            headingLevel={headingLevel}
            link={{
              href:
                category.audience === 'provider'
                  ? paths.providerService(category.categorySlug)
                  : paths.service(category.categorySlug),
              label: cataloguePages.services.learnMore,
            }}
          />
        </li>
      ))}
    </ul>
  );
}
