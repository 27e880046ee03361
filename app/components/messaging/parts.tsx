// Small pieces the messaging screens share: a submit button that names its intent and shows when that
// intent is on its way, and a note's colour as a label that says it in words.
import { useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { Button, StatusLabel, type ButtonProps } from '~/components/ui';
import type { NoteColour } from '~/fixtures/types';

/** `<button name="intent" value={intent}>`, loading while the page submits this intent. */
export function IntentButton({
  intent,
  children,
  ...props
}: { intent: string; children: ReactNode } & Omit<ButtonProps, 'type' | 'name' | 'value' | 'children'>) {
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  return (
    <Button
      {...props}
      type="submit"
      name="intent"
      value={intent}
      loading={pending}
      loadingPosition="start"
      aria-disabled={pending || undefined}
    >
      {children}
    </Button>
  );
}

/** Data shown inside a translated sentence, kept whole in either direction (Unicode isolates). */
export function isolated(text: string): string {
  return `\u2068${text}\u2069`;
}

export const NOTE_CHIP: Record<NoteColour, 'primary' | 'danger' | 'warning' | 'success'> = {
  info: 'primary',
  error: 'danger',
  warning: 'warning',
  success: 'success',
};

export function NoteColourChip({ color }: { color: NoteColour }) {
  const { t } = useTranslation('messaging');
  return (
    <StatusLabel variant="soft" colour={NOTE_CHIP[color]}>
      {t(`notes.colours.${color}`)}
    </StatusLabel>
  );
}
