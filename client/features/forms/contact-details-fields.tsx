import { Field } from '../../components/form/field';

type ContactDetails = { fullName?: string; email?: string; phone?: string };

type ContactDetailsFieldsProps = {
  /** Each form prefixes its ids so that two forms on one page never share one. */
  idPrefix: string;
  initialValues: ContactDetails;
  errors: Partial<Record<keyof ContactDetails, string>>;
};

/** Full Name, Email Address and an optional Phone Number, as the appointment, application, order and trip forms ask. */
export function ContactDetailsFields({ idPrefix, initialValues, errors }: ContactDetailsFieldsProps) {
  return (
    <>
      <Field
        id={`${idPrefix}-full-name`}
        name="fullName"
        label="Full Name"
        autoComplete="name"
        defaultValue={initialValues.fullName}
        error={errors.fullName}
      />
      <Field
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label="Email Address"
        autoComplete="email"
        spellCheck={false}
        defaultValue={initialValues.email}
        error={errors.email}
      />
      <Field
        id={`${idPrefix}-phone`}
        name="phone"
        type="tel"
        label="Phone Number"
        autoComplete="tel"
        optional
        defaultValue={initialValues.phone}
        error={errors.phone}
      />
    </>
  );
}
