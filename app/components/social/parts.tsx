// Pieces the blog and the user profile share: a person's avatar (initials when there is no picture),
// the comment box of their forms, and a row of small figures (views, likes).
import { getTextareaProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { useTranslation } from '~/components/translation';
import { translateMessage, type MessageField } from '~/components/messages';
import { Avatar, FormControl, FormHelperText, FormLabel, Textarea } from '~/components/ui';
import { COMMENT_MAX_LENGTH } from '~/forms/social';
import { initials } from '~/services/user';

export function PersonAvatar({
  person,
  size = 'sm',
}: {
  person: { name: string; avatar: string };
  size?: 'sm' | 'md' | 'lg';
}) {
  // The name is always written beside the avatar: the picture itself says nothing more.
  return (
    <Avatar size={size} src={person.avatar || undefined} alt="">
      {initials(person.name)}
    </Avatar>
  );
}

/** A labelled comment or reply box tied to its Conform field; required, at most COMMENT_MAX_LENGTH. */
export function CommentField({
  field,
  label,
  minRows = 2,
}: {
  field: MessageField;
  label: ReactNode;
  minRows?: number;
}) {
  const { t } = useTranslation();
  const errors = field.errors ?? [];
  const { key, ...props } = getTextareaProps(field);
  return (
    <FormControl error={errors.length > 0}>
      <FormLabel htmlFor={field.id}>{label}</FormLabel>
      <Textarea
        key={key}
        minRows={minRows}
        slotProps={{ textarea: { ...props, required: true, maxLength: COMMENT_MAX_LENGTH } }}
      />
      {errors.length > 0 && (
        <FormHelperText id={field.errorId} role="alert">
          {[...new Set(errors)].map((message) => translateMessage(t, message)).join(' ')}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** Small figures under a post ("8,421 views · 1,203 shares"), each with its icon. */
export function Figures({ items }: { items: readonly { icon: ReactNode; text: string }[] }) {
  return (
    <ul
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '0.25rem 1rem',
        listStyle: 'none',
        margin: 0,
        padding: 0,
      }}
    >
      {items.map((item) => (
        <li key={item.text} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.25rem' }}>
          {item.icon}
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}
