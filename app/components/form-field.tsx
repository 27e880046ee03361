// The labelled fields every form uses, tied to their Conform field: visible label, hint, and the error in
// the user's language. A screen that needs a text, a longer text or files takes them from here.
import { getInputProps, getTextareaProps } from '@conform-to/react';
import type { ChangeEventHandler, CSSProperties, ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { PASSWORD_MIN_LENGTH } from '@contract/values';
import { FormControl, FormHelperText, FormLabel, Input, Textarea } from '~/components/ui';
import { translateMessage, type MessageField } from './messages';

type InputType =
  'text' | 'email' | 'password' | 'tel' | 'search' | 'url' | 'number' | 'date' | 'datetime-local';

/** Inputs a little taller than Joy's default: easier to hit on a phone. */
const TALL_INPUT = { '--Input-minHeight': '2.75rem' } as CSSProperties;

/** The errors of a field in the user's language, each said once. */
function FieldErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <FormHelperText id={id} role="alert">
      {[...new Set(errors)]
        .map((message) => translateMessage(t, message, { min: PASSWORD_MIN_LENGTH }))
        .join(' ')}
    </FormHelperText>
  );
}

export function TextField({
  field,
  label,
  type = 'text',
  hint,
  autoComplete,
  autoFocus,
  required,
  dir,
  step,
  max,
}: {
  field: MessageField;
  label: ReactNode;
  type?: InputType;
  hint?: ReactNode;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  dir?: 'ltr' | 'rtl' | 'auto';
  /** For numbers: "any" allows decimals. */
  step?: string;
  /** For dates and numbers: the largest value the browser offers. */
  max?: string;
}) {
  // As before the shared fields grew: the field's own translation hook and error id, read on every render.
  // With only FieldErrors translating, a submission found invalid in the browser drew no message on the
  // notes form (Conform subscribes a form to what its fields read while rendering).
  const { t } = useTranslation();
  const errors = field.errors ?? [];
  const errorId = field.errorId;
  const hintId = `${field.id}-hint`;
  // Conform puts aria-* and constraints on the props: they belong on the <input>, not Joy's wrapper.
  const { key, ...inputProps } = getInputProps(field, {
    type,
    ariaAttributes: true,
    // Conform adds the error's id itself while the field is invalid.
    ariaDescribedBy: hint && !errors.length ? hintId : undefined,
  });
  return (
    <FormControl error={errors.length > 0} required={required}>
      <FormLabel htmlFor={field.id}>{label}</FormLabel>
      <Input
        key={key}
        slotProps={{ input: { ...inputProps, autoComplete, autoFocus, dir, required, step, max } }}
        style={TALL_INPUT}
      />
      {errors.length > 0 ? (
        <FormHelperText id={errorId} role="alert">
          {[...new Set(errors)]
            .map((message) => translateMessage(t, message, { min: PASSWORD_MIN_LENGTH }))
            .join(' ')}
        </FormHelperText>
      ) : hint ? (
        <FormHelperText id={hintId}>{hint}</FormHelperText>
      ) : null}
    </FormControl>
  );
}

/** A field that is not part of a Conform form (a note sent with a button of a list's row). */
export interface PlainField {
  id: string;
  name: string;
  /** What the field shows first (the text a form that came back had). */
  defaultValue?: string;
}

/** A labelled text of several lines: a Conform field, or a `plain` one (no errors of its own). */
export function TextareaField({
  label,
  hint,
  minRows = 4,
  maxLength,
  size,
  ...given
}: ({ field: MessageField; plain?: never } | { plain: PlainField; field?: never }) & {
  label: ReactNode;
  hint?: ReactNode;
  minRows?: number;
  maxLength?: number;
  size?: 'sm' | 'md';
}) {
  // As TextField: its own translation hook and the error drawn here, read on every render (with the
  // error drawn by FieldErrors, a form checked in the browser showed no message for a text area).
  const { t } = useTranslation();
  const field = given.field;
  const id = field ? field.id : given.plain.id;
  const errors = field?.errors ?? [];
  const errorId = field?.errorId; // read on every render (see TextField)
  const hintId = `${id}-hint`;
  const { key, ...props } = field
    ? getTextareaProps(field, { ariaDescribedBy: hint && !errors.length ? hintId : undefined })
    : { key: undefined, ...given.plain };
  return (
    <FormControl error={errors.length > 0} size={size}>
      <FormLabel htmlFor={id}>{label}</FormLabel>
      <Textarea key={key} minRows={minRows} slotProps={{ textarea: { ...props, maxLength } }} />
      {errorId && errors.length > 0 ? (
        <FormHelperText id={errorId} role="alert">
          {[...new Set(errors)].map((message) => translateMessage(t, message)).join(' ')}
        </FormHelperText>
      ) : hint ? (
        <FormHelperText id={hintId}>{hint}</FormHelperText>
      ) : null}
    </FormControl>
  );
}

/**
 * A labelled file choice (native input: it works without JavaScript). `problems` are what a check in the
 * browser found before sending (they replace the server's errors); the hint stays shown under any error.
 */
export function FileField({
  field,
  label,
  hint,
  accept,
  multiple,
  problems = [],
  onChange,
}: {
  field: MessageField;
  label: ReactNode;
  hint: ReactNode;
  accept?: string;
  multiple?: boolean;
  problems?: readonly string[];
  onChange?: ChangeEventHandler<HTMLInputElement>;
}) {
  const errors = problems.length ? problems : (field.errors ?? []);
  const hintId = `${field.id}-hint`;
  const errorId = `${field.id}-error`;
  return (
    <FormControl error={errors.length > 0}>
      <FormLabel htmlFor={field.id}>{label}</FormLabel>
      <input
        id={field.id}
        name={field.name}
        type="file"
        multiple={multiple}
        accept={accept}
        onChange={onChange}
        className="native-file"
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? `${errorId} ${hintId}` : hintId}
      />
      {errors.length > 0 && <FieldErrors id={errorId} errors={errors} />}
      <FormHelperText id={hintId}>{hint}</FormHelperText>
    </FormControl>
  );
}

/** A labelled checkbox tied to its Conform field (the label is clickable, the box comes first). */
export function CheckboxField({ field, label }: { field: MessageField; label: ReactNode }) {
  const { key, ...props } = getInputProps(field, { type: 'checkbox' });
  return (
    <label className="checkbox-label" htmlFor={field.id}>
      <input key={key} {...props} />
      {label}
    </label>
  );
}

/**
 * Several choices of one field as checkboxes in a group named by its legend (the orders a finance
 * application covers): each box its own label; the field's error under the group, in the user's
 * language.
 */
export function CheckboxGroupField({
  field,
  legend,
  options,
  empty,
}: {
  field: MessageField;
  legend: ReactNode;
  options: readonly { value: string; label: ReactNode }[];
  /** Said instead of the boxes when there is nothing to choose. */
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  const errors = field.errors ?? [];
  const errorId = field.errorId;
  const chosen = new Set([field.initialValue ?? []].flat().map(String));
  return (
    <fieldset className="checkbox-group" aria-describedby={errors.length ? errorId : undefined}>
      <legend>{legend}</legend>
      {options.length === 0
        ? empty
        : options.map((option) => (
            <label key={option.value} className="checkbox-label">
              <input
                type="checkbox"
                name={field.name}
                value={option.value}
                defaultChecked={chosen.has(option.value)}
              />
              {option.label}
            </label>
          ))}
      {errors.length > 0 && (
        <FormHelperText id={errorId} role="alert">
          {[...new Set(errors)].map((message) => translateMessage(t, message)).join(' ')}
        </FormHelperText>
      )}
    </fieldset>
  );
}
