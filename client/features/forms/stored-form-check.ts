import { storedForms, type StoredFormName } from '../../../shared/forms/stored-forms';
import { createFormCheck } from './submit-stored-form';
import type { StoredInput } from './use-stored-form';

/** Loaded on first use: the form's shared schema (with zod); the live form sends through its tRPC mutation hook. */
export const storedFormCheck = (name: StoredFormName) =>
  createFormCheck<StoredInput>(storedForms[name].schema as Parameters<typeof createFormCheck<StoredInput>>[0]);
