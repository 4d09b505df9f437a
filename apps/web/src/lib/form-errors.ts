import type { FormInstance } from 'antd';
import { HttpError } from './http';

/**
 * Puts a 422's per-field messages on the form's fields ('team.users' -> ['team', 'users']).
 * Returns whether any field of the form got a message.
 */
export function showServerFieldErrors(
  form: FormInstance,
  error: unknown,
  fieldMap: Record<string, string> = {},
): boolean {
  if (!(error instanceof HttpError) || error.status !== 422) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const fields = Object.entries(error.errors)
    .map(([field, messages]) => ({ name: (fieldMap[field] ?? field).split('.'), errors: messages }))
    .filter((field) => known.has(field.name[0]!));
  if (fields.length === 0) return false;
  form.setFields(fields);
  form.scrollToField(fields[0]!.name, { block: 'center' });
  return true;
}
