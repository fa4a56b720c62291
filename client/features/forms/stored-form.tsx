import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { AppForm } from '../../components/form/app-form';
import { formValue } from '../../components/form/form-value';
import { FormFields } from '../../components/form/form-fields';
import type { LiveProps } from '../../rendering/island';
import { trpc } from '../../lib/trpc';
import { withTrpc } from '../../lib/trpc-provider';
import type { FieldGroup, FieldSpec } from '../../../shared/forms/field-spec';
import { storedFormLayouts, type StoredFormLayout } from '../../../shared/forms/stored-form-fields';
import { storedForms, type StoredFormName } from '../../../shared/forms/stored-forms';
import { SentReference } from './sent-reference';
import type { FormCheck } from './submit-stored-form';
import { useStoredForm, type StoredFormMessages, type StoredInput } from './use-stored-form';

export type StoredFormProps = LiveProps & {
  name: StoredFormName;
  messages: StoredFormMessages;
  /** The page's values for the form's hidden fields (the job's title). */
  hidden?: Record<string, string>;
};

type Mutation = { mutateAsync: (input: StoredInput) => Promise<{ reference: string }>; isPending: boolean };
// Every stored procedure takes its form's input and answers with a reference; the form's name picks it.
const procedures = trpc.forms as unknown as Record<string, { useMutation: () => Mutation }>;

/** Stored forms whose controls depend on each other keep those controls' values in state. */
function linkedNames(layout: StoredFormLayout): string[] {
  const linked = flatten(layout.fields).flatMap((field) =>
    field.kind === 'select' && field.shownWhen ? [field.name, field.shownWhen.name] : [],
  );
  return [...new Set(linked)];
}

function flatten(groups: FieldGroup[]): FieldSpec[] {
  return groups.flatMap((group) => ('fields' in group ? flatten(group.fields) : [group]));
}

function useLinkedValues(layout: StoredFormLayout, initialValues: Record<string, string>) {
  const [values, setValues] = useState(() =>
    Object.fromEntries(linkedNames(layout).map((name) => [name, initialValues[name] ?? ''])),
  );
  // The page is prerendered without a query, so the query is read once hydrated; later changes are the visitor's.
  useEffect(() => {
    const { fromQuery } = layout;
    if (!fromQuery || linkedNames(layout).some((name) => initialValues[name])) return;
    const chosen = fromQuery(window.location.search);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the query exists only in the browser (see above)
    if (Object.keys(chosen).length) setValues((current) => ({ ...current, ...chosen }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on first mount only (see above)
  }, []);
  const change = (name: string, value: string) =>
    setValues((current) => {
      const next = { ...current, [name]: value };
      // Moving away from the value that shows a field clears it.
      for (const field of flatten(layout.fields))
        if (field.kind === 'select' && field.shownWhen?.name === name && field.shownWhen.value !== value)
          next[field.name] = '';
      return next;
    });
  const reset = useCallback(
    () => setValues((current) => Object.fromEntries(Object.keys(current).map((name) => [name, '']))),
    [],
  );
  return { values, change, reset };
}

const checks = new Map<StoredFormName, () => Promise<FormCheck<StoredInput>>>();
/** The form's check (zod and its shared schema), loaded on first focus; one loader a form, so it stays stable. */
const checkLoader = (name: StoredFormName) => {
  let load = checks.get(name);
  if (!load) {
    load = () => import('./stored-form-check').then((module) => module.storedFormCheck(name));
    checks.set(name, load);
  }
  return load;
};

/**
 * Any of the five stored forms (spec sections 2, 4, 5, 7, 8), drawn from its field list in shared/forms: the live
 * form behind its page's island, and the markup the server prerenders.
 */
function StoredFormInner({ name, messages, hidden = {}, initialValues = {}, openedAt }: StoredFormProps) {
  const layout = storedFormLayouts[name];
  const linked = useLinkedValues(layout, initialValues);
  const { formRef, summaryRef, ...form } = useStoredForm({
    formName: name,
    load: checkLoader(name),
    mutation: procedures[storedForms[name].procedure]!.useMutation(),
    read: (element) => storedForms[name].toInput((field) => hidden[field] ?? formValue(element, field)),
    ...messages,
    onReset: linked.reset,
    openedAt,
  });

  const frame = (
    <AppForm
      formRef={formRef}
      summaryRef={summaryRef}
      form={form}
      onSubmit={form.onSubmit}
      label={layout.label?.(hidden)}
      botTrapPrefix={layout.idPrefix}
      submit={{ ...layout.submit, busy: form.busy }}
      footer={layout.sentWhat ? <SentReference reference={form.lastReference} what={layout.sentWhat} /> : null}
    >
      {layout.hidden?.map((field) => (
        <input key={field} type="hidden" name={field} value={hidden[field] ?? ''} />
      ))}
      <FormFields
        fields={layout.fields}
        idPrefix={layout.idPrefix}
        initialValues={initialValues}
        errors={form.fieldErrors}
        linked={linked}
      />
    </AppForm>
  );
  if (!layout.section) return frame;
  const headingId = `${layout.idPrefix}-heading`;
  return (
    <section className={layout.section.className} aria-labelledby={headingId}>
      <h2 id={headingId}>{layout.section.heading}</h2>
      <p>{layout.section.text}</p>
      {frame}
    </section>
  );
}

/** In its own tRPC provider: the live form loads on demand, and React Query with it. */
export const StoredForm = withTrpc(StoredFormInner);

const live = new Map<string, ComponentType<LiveProps>>();
/** The live form an island swaps in for the server's markup: one component a form (and page values), kept. */
export function liveStoredForm(name: StoredFormName, messages: StoredFormMessages, hidden?: Record<string, string>) {
  const key = `${name}${JSON.stringify(hidden ?? {})}`;
  let Live = live.get(key);
  if (!Live) {
    Live = (props: LiveProps) => <StoredForm {...props} name={name} messages={messages} hidden={hidden} />;
    live.set(key, Live);
  }
  return Live;
}
