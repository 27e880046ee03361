// A labelled native <select> styled like Joy's inputs: it opens without JavaScript (Joy's Select does not).
import { getSelectProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { FormControl, FormHelperText, FormLabel } from '~/components/ui';
import { translateMessage, type MessageField } from './messages';

export function SelectField({
  field,
  label,
  options,
  placeholder,
  required,
  hint,
}: {
  field: MessageField;
  label: ReactNode;
  options: { value: string; label: string }[];
  placeholder?: string;
  required?: boolean;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  const errors = field.errors ?? [];
  const errorId = field.errorId;
  const hintId = `${field.id}-hint`;
  // Conform points aria-describedby at the error itself while the field is invalid.
  const { key, ...props } = getSelectProps(field, {
    ariaDescribedBy: hint && !errors.length ? hintId : undefined,
  });
  return (
    <FormControl error={errors.length > 0} required={required}>
      <FormLabel htmlFor={field.id}>{label}</FormLabel>
      <select key={key} {...props} required={required} className="native-select">
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errors.length > 0 ? (
        <FormHelperText id={errorId} role="alert">
          {errors.map((message) => translateMessage(t, message)).join(' ')}
        </FormHelperText>
      ) : hint ? (
        <FormHelperText id={hintId}>{hint}</FormHelperText>
      ) : null}
    </FormControl>
  );
}

/** A plain select for list filters (GET forms), not tied to Conform. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  const id = `filter-${name}`;
  return (
    <FormControl size="sm">
      <FormLabel htmlFor={id}>{label}</FormLabel>
      {/* Keyed by the value: a navigation that changes the filter (links, back) shows the new one. */}
      <select key={value} id={id} name={name} defaultValue={value} className="native-select">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FormControl>
  );
}
