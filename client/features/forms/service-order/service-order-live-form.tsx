import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import { Select } from '../../../components/form/select';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextArea } from '../../../components/form/text-area';
import {
  MEDICAL_TOURISM_CATEGORY,
  categoryFromServiceSlug,
  medicalTourismPackages,
  packageFromParam,
  serviceCategories,
} from '../../../../shared/form-options';
import type { ServiceOrderInput } from '../../../../shared/schemas/service-order';
import { StoredFormFrame } from '../stored-form-frame';
import { ContactDetailsFields } from '../contact-details-fields';
import type { LiveProps } from '../../../rendering/island';
import { storedForms } from '../../../../shared/forms/stored-forms';
import { formValue } from '../../../components/form/form-value';
import { SentReference } from '../sent-reference';
import { useStoredForm } from '../use-stored-form';
import { trpc } from '../../../lib/trpc';
import { withTrpc } from '../../../lib/trpc-provider';
import { serviceOrderMessages } from './service-order-messages';

const load = () => import('./submit-service-order').then((module) => module.serviceOrderCheck);
const read = (form: HTMLFormElement) => storedForms['service-order'].toInput((name) => formValue(form, name));

/** What the page's query string asks for: ?package= (a medical tourism package) or ?service= (a category slug). */
function choiceFromQuery(search: string): { category: string; servicePackage: string } {
  const query = new URLSearchParams(search);
  const servicePackage = packageFromParam(query.get('package') ?? '');
  if (servicePackage) return { category: MEDICAL_TOURISM_CATEGORY, servicePackage };
  return { category: categoryFromServiceSlug(query.get('service') ?? ''), servicePackage: '' };
}

/**
 * Service order (spec sections 2, 4, 5), the live form behind ServiceOrderForm. The package select appears, and is
 * required, only for the Medical Tourism Package category; moving to another
 * category clears it.
 */
function ServiceOrderLiveFormInner({ initialValues = {}, openedAt }: LiveProps) {
  const [category, setCategory] = useState(initialValues.serviceCategory ?? '');
  const [servicePackage, setServicePackage] = useState(initialValues.servicePackage ?? '');

  // The page is prerendered without a query, so the query is read once hydrated.
  useEffect(() => {
    if (initialValues.serviceCategory) return;
    const chosen = choiceFromQuery(window.location.search);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the query exists only in the browser (see above)
    if (chosen.category) setCategory(chosen.category);
    if (chosen.servicePackage) setServicePackage(chosen.servicePackage);
    // Only on first mount: later changes are the visitor's.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, []);

  const onReset = useCallback(() => {
    setCategory('');
    setServicePackage('');
  }, []);
  const { formRef, summaryRef, ...form } = useStoredForm<ServiceOrderInput>({
    formName: 'service-order',
    load,
    mutation: trpc.forms.submitServiceOrder.useMutation(),
    read,
    ...serviceOrderMessages,
    onReset,
    openedAt,
  });
  const errors = form.fieldErrors;

  const onCategoryChange = (event: ChangeEvent<HTMLSelectElement>) => {
    setCategory(event.target.value);
    if (event.target.value !== MEDICAL_TOURISM_CATEGORY) setServicePackage('');
  };

  return (
    <StoredFormFrame
      formRef={formRef}
      summaryRef={summaryRef}
      form={form}
      label="Order a service"
      botTrapPrefix="order"
    >
      <ContactDetailsFields idPrefix="order" initialValues={initialValues} errors={errors} />
      <Select
        id="order-service-category"
        name="serviceCategory"
        label="Service Category"
        placeholder="Select a service category"
        options={serviceCategories}
        value={category}
        onChange={onCategoryChange}
        error={errors.serviceCategory}
      />
      {category === MEDICAL_TOURISM_CATEGORY ? (
        <Select
          id="order-service-package"
          name="servicePackage"
          label="Medical Tourism Package"
          placeholder="Select a package"
          options={medicalTourismPackages}
          value={servicePackage}
          onChange={(event) => setServicePackage(event.target.value)}
          error={errors.servicePackage}
        />
      ) : null}
      <TextArea
        id="order-message"
        name="message"
        label="Message"
        hint="Tell us anything that will help us prepare, such as your health needs or preferred times."
        rows={4}
        optional
        defaultValue={initialValues.message}
        error={errors.message}
      />
      <div>
        <SubmitButton busy={form.busy} busyLabel="Placing Order...">
          Place Order
        </SubmitButton>
      </div>
      <SentReference reference={form.lastReference} what="Order" />
    </StoredFormFrame>
  );
}

/** In its own tRPC provider: the live form loads on demand, and React Query with it. */
export const ServiceOrderLiveForm = withTrpc(ServiceOrderLiveFormInner);
