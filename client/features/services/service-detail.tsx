import { paths } from '../../app/paths';
import { BackLink } from '../../components/back-link';
import { ButtonLink } from '../../components/button-link';
import { Icon } from '../../components/icon';
import { Illustration } from '../../components/illustration';
import { PageHeader } from '../../components/page-header';
import { cataloguePages } from '../../content/catalogue-pages';
import { internationalHealthCategories, isGroupedFeatures, type ServiceEntry } from '../../content/services-catalogue';
import { NotFoundStatus, PageMeta } from '../../layout/page-meta';
import { brand } from '../../../shared/brand';

const firstSentence = (text: string) => text.match(/^.*?[.!?](\s|$)/)?.[0].trim() ?? text;

/**
 * Template of every service detail page (patient and provider): back link, icon,
 * title, description, Key Features, the optional action button and image.
 * international-health renders full width without an image and adds its
 * categories; grouped features render under their sub-titles.
 */
export function ServiceDetail({ service }: { service: ServiceEntry }) {
  const fullWidth = service.contentComponent === 'international-health';
  const showImage = service.imageKey !== null && !service.hideImageOnDetail && !fullWidth;
  const body = (
    <div className="app-catalogue__detail-text">
      <p className="app-catalogue__lead">{service.description}</p>
      <h2>{cataloguePages.service.keyFeatures}</h2>
      <KeyFeatures features={service.features} />
      {service.actionButton && !fullWidth ? <ActionButton action={service.actionButton} /> : null}
    </div>
  );
  return (
    <>
      <PageMeta title={`${service.title} - ${brand.name}`} description={firstSentence(service.description)} />
      <PageHeader title={service.title}>
        <BackLink href={service.backHref} label={service.backLabel} />
        <span className="app-card__icon app-catalogue__header-icon">
          <Icon name={service.icon} />
        </span>
      </PageHeader>
      <div className="app-section">
        {showImage && service.imageKey ? (
          <div className="app-container app-split app-catalogue__detail">
            {body}
            <Illustration name={service.imageKey} alt="" className="app-split__image" />
          </div>
        ) : (
          <div className="app-container app-catalogue__detail app-catalogue__detail--full">{body}</div>
        )}
      </div>
      {fullWidth ? <InternationalHealthSection action={service.actionButton} /> : null}
    </>
  );
}

function KeyFeatures({ features }: { features: ServiceEntry['features'] }) {
  if (isGroupedFeatures(features)) {
    return (
      <div className="app-catalogue__groups">
        {features.map((group) => (
          <div key={group.subTitle}>
            <h3>{group.subTitle}</h3>
            <ul className="app-catalogue__features">
              {group.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    );
  }
  return (
    <ul className="app-catalogue__features">
      {features.map((feature) => (
        <li key={feature}>
          <Icon name="check" className="app-icon app-catalogue__check" />
          {feature}
        </li>
      ))}
    </ul>
  );
}

function ActionButton({ action }: { action: NonNullable<ServiceEntry['actionButton']> }) {
  return (
    <div className="app-button-row">
      <ButtonLink href={action.href}>{action.text}</ButtonLink>
    </div>
  );
}

function InternationalHealthSection({ action }: { action: ServiceEntry['actionButton'] }) {
  return (
    <section className="app-section app-section--tinted" aria-labelledby="international-support-heading">
      <div className="app-container">
        <h2 id="international-support-heading">{cataloguePages.service.internationalHeading}</h2>
        <ul className="app-grid app-grid--2">
          {internationalHealthCategories.map((category) => (
            <li key={category.title} className="app-card">
              <h3 className="app-card__title">{category.title}</h3>
              <dl className="app-catalogue__items">
                {category.items.map((item) => (
                  <div key={item.title}>
                    <dt>{item.title}</dt>
                    <dd>{item.description}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
        {action ? <ActionButton action={action} /> : null}
      </div>
    </section>
  );
}

/** Unknown slug under /services or /services/provider: HTTP 404 with a way back. */
export function ServiceNotFound() {
  const texts = cataloguePages.service.notFound;
  return (
    <>
      <NotFoundStatus />
      <PageMeta title={texts.meta.title} description={texts.meta.description} />
      <PageHeader title={texts.title} intro={texts.text}>
        <BackLink href={paths.services()} label={cataloguePages.service.backToServices} />
      </PageHeader>
    </>
  );
}
