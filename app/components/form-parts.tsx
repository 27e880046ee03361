// Pieces every form uses: the form-level message and a submit button that shows it is working.
import { Link, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { Alert, Button, Stack } from '~/components/ui';
import { translateMessage } from './messages';

/** Form-level errors: fully qualified translation keys ("auth:login.wrongCredentials"). */
export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  const { t } = useTranslation();
  if (!errors?.length) return <div id={id} />;
  return (
    <Alert id={id} color="danger" variant="soft" role="alert">
      {errors.map((message) => translateMessage(t, message)).join(' ')}
    </Alert>
  );
}

export function Notice({
  children,
  color = 'success',
}: {
  children: ReactNode;
  color?: 'success' | 'neutral' | 'warning';
}) {
  return (
    <Alert color={color} variant="soft" role="status">
      {children}
    </Alert>
  );
}

export function SubmitButton({
  children,
  action,
  color,
}: {
  children: ReactNode;
  action?: string;
  /** `danger` for a form that takes something away (what it does is said on the page). */
  color?: 'primary' | 'danger';
}) {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const pending = navigation.state === 'submitting' && (!action || navigation.formAction === action);
  return (
    <Button
      type="submit"
      size="lg"
      color={color}
      loading={pending}
      loadingPosition="start"
      aria-disabled={pending || undefined}
    >
      {pending ? t('form.sending') : children}
    </Button>
  );
}

/** A form's last row: its submit button and a way back that sends nothing. */
export function FormActions({
  submitLabel,
  cancelTo,
  cancelLabel,
  color,
}: {
  submitLabel: ReactNode;
  cancelTo: string;
  cancelLabel: ReactNode;
  color?: 'primary' | 'danger';
}) {
  return (
    <Stack direction="row" gap={1.5} flexWrap="wrap">
      <SubmitButton color={color}>{submitLabel}</SubmitButton>
      <Button component={Link} to={cancelTo} variant="plain" color="neutral" size="lg">
        {cancelLabel}
      </Button>
    </Stack>
  );
}
