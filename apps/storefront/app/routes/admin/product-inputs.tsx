import type { ComponentProps } from 'react';
import { Field as AdminField, SelectField as AdminSelect, fieldId } from './ui';

/** The product form's inputs, with the ids the error summary links to (checkboxes share names, so keep theirs). */
export const Field = (props: ComponentProps<typeof AdminField>) => (
  <AdminField {...(props.type === 'checkbox' ? {} : { id: fieldId(props.name) })} {...props} />
);
export const SelectField = (props: ComponentProps<typeof AdminSelect>) => (
  <AdminSelect id={fieldId(props.name)} {...props} />
);
