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
      <section className="app-section" aria-labelledby="patient-services-heading">
        <div className="app-container">
          <h2 id="patient-services-heading" className="app-section__title">
            {texts.patientHeading}
          </h2>
          <p className="app-section__intro">{texts.patientIntro}</p>
        </div>
        <CategoryCards categories={patientCategories} headingLevel={3} />
      </section>
      <section className="app-section app-section--tinted" aria-labelledby="provider-services-heading">
        <div className="app-container">
          <h2 id="provider-services-heading" className="app-section__title">
            {texts.providerHeading}
          </h2>
          <p className="app-section__intro">{texts.providerIntro}</p>
        </div>
        <CategoryCards categories={providerCategories} headingLevel={3} />
      </section>
    </>
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
