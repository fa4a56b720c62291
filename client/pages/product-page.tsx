import { useParams } from 'wouter';
import { ServerContent } from '../rendering/server-content';
import '../styles/catalogue.css';
import { ProductContent } from './product-page.server';

/** /products/{slug}: name, description, key features and Request a Demo; 'Product Not Found' (HTTP 404) otherwise. */
export default function ProductPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  return (
    <ServerContent id="product">
      <ProductContent slug={slug} />
    </ServerContent>
  );
}
