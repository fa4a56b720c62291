import { PageHeader } from '../components/page-header';
import { cataloguePages } from '../content/catalogue-pages';
import { PageMeta } from '../layout/page-meta';

export { SymptomDisclaimer } from '../features/symptom-checker/symptom-disclaimer';

/** The symptom checker's meta and heading (server-rendered HTML only). */
export function SymptomCheckerIntro() {
  const texts = cataloguePages.symptomChecker;
  return (
    <>
      <PageMeta title={texts.meta.title} description={texts.meta.description} />
      <PageHeader title={texts.title} intro={texts.intro} />
    </>
  );
}
