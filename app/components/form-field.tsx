// A labelled input tied to its Conform field: visible label, hint, and the error in the user's language.
import { getInputProps } from '@conform-to/react';
import FormControl from '@mui/joy/FormControl';
import FormHelperText from '@mui/joy/FormHelperText';
import FormLabel from '@mui/joy/FormLabel';
import Input from '@mui/joy/Input';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@contract/values';
import { translateMessage, type MessageField } from './messages';

type InputType =
  'text' | 'email' | 'password' | 'tel' | 'search' | 'url' | 'number' | 'date' | 'datetime-local';

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
        sx={{ '--Input-minHeight': '2.75rem' }}
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
