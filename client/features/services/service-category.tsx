import { paths } from '../../app/paths';
import { BackLink } from '../../components/back-link';
import { FeatureCard } from '../../components/feature-card';
import { Icon } from '../../components/icon';
import { PageHeader } from '../../components/page-header';
import { cataloguePages } from '../../content/catalogue-pages';
import type { ServiceCategory as ServiceCategoryData } from '../../content/services-catalogue';
import { PageMeta } from '../../layout/page-meta';
import { brand } from '../../../shared/brand';

/**
 * Template of a category page (/services/{categorySlug}, /services/provider/{categorySlug}):
 * Back to Services and the category's cards, one column except two for research.
 */
export function ServiceCategory({ category }: { category: ServiceCategoryData }) {
  const texts = cataloguePages.services;
  return (
    <>
      <PageMeta title={`${category.categoryTitle} - ${brand.name}`} description={category.categoryDescription} />
      <PageHeader title={category.categoryTitle} intro={category.categoryDescription}>
        <BackLink href={paths.services()} label={cataloguePages.service.backToServices} />
        <span className="app-card__icon app-catalogue__header-icon">
          <Icon name={category.icon} />
        </span>
      </PageHeader>
      <section className="app-section" aria-label={category.categoryTitle}>
        <ul
          className={`app-container app-grid${category.layout === 'two-column' ? ' app-grid--2' : ' app-catalogue__list'}`}
        >
          {category.cards.map((card) => (
            <li key={card.title} className="app-catalogue__item">
              <FeatureCard
                title={card.title}
                description={card.description}
                headingLevel={2}
                link={{ href: card.href, label: texts.learnMore }}
              />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
