import { paths } from '../app/paths';
import { BackLink } from '../components/back-link';
import { ButtonLink } from '../components/button-link';
import { Icon } from '../components/icon';
import { Illustration } from '../components/illustration';
import { PageHeader } from '../components/page-header';
import { cataloguePages } from '../content/catalogue-pages';
import { findProduct, type Product } from '../content/ehr-product';
import { NotFoundStatus, PageMeta } from '../layout/page-meta';
import { brand } from '../../shared/brand';

export function ProductContent({ slug }: { slug: string }) {
  const product = findProduct(slug);
  if (!product) {
    const texts = cataloguePages.product.notFound;
    return (
      <>
        <NotFoundStatus />
        <PageMeta title={texts.meta.title} description={texts.meta.description} />
        <PageHeader title={texts.title} intro={texts.text}>
          <BackLink href={paths.services()} label={texts.backLabel} />
        </PageHeader>
      </>
    );
  }
  return <ProductDetail product={product} />;
}

function ProductDetail({ product }: { product: Product }) {
  return (
    <>
      <PageMeta title={`${product.name} - ${brand.name}`} description={product.description.split('. ')[0] + '.'} />
      <PageHeader title={product.name} />
      <div className="app-section">
        <div className="app-container app-split app-catalogue__detail">
          <div className="app-catalogue__detail-text">
            <p className="app-catalogue__lead">{product.description}</p>
            <h2>{cataloguePages.product.keyFeatures}</h2>
            <ul className="app-catalogue__features">
              {product.keyFeatures.map((feature) => (
                <li key={feature}>
                  <Icon name="check" className="app-icon app-catalogue__check" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="app-button-row">
              <ButtonLink href={product.cta.href}>{product.cta.text}</ButtonLink>
            </div>
          </div>
          <Illustration name="ehr" alt="" className="app-split__image" />
        </div>
      </div>
    </>
  );
}
