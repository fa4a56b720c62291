import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FieldWrapper } from '../../components/form/field-wrapper';
import { RadioGroup } from '../../components/form/radio-group';
import { TextArea } from '../../components/form/text-area';
import { paths } from '../../app/paths';
import { requestServiceOptions, serviceTypeOptions } from './dashboard-samples';

const GO_FORM_ID = 'request-service-go';

/**
 * Request a Service (spec section 2): no required fields, and Submit Request only opens the order
 * page; nothing is sent. The button belongs to an empty GET form, so without JavaScript it opens that page too, and
 * nothing typed travels in the address.
 */
export function RequestServiceForm() {
  const [, navigate] = useLocation();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(paths.orderService());
  };
  return (
    <section className="app-card app-dashboard__request" aria-labelledby="request-heading">
      <h2 id="request-heading">Request a Service</h2>
      <p>Tell us what you need. The next page lets you add your details and send the request.</p>
      <form id={GO_FORM_ID} method="get" action={paths.orderService()} onSubmit={onSubmit} />
      <form className="app-form">
        <FieldWrapper id="request-service" label="Service" optional>
          {(describedBy) => (
            <select
              id="request-service"
              name="service"
              className="app-field__control"
              aria-describedby={describedBy}
              defaultValue=""
            >
              <option value="">Select a service</option>
              {requestServiceOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </FieldWrapper>
        <RadioGroup
          id="request-service-type"
          name="serviceType"
          legend="Service type"
          options={serviceTypeOptions}
          defaultValue="in-person"
        />
        <TextArea id="request-notes" name="notes" label="Notes" optional rows={4} />
        <div>
          <button type="submit" form={GO_FORM_ID} className="app-button app-button--primary">
            Submit Request
          </button>
        </div>
      </form>
    </section>
  );
}
