// Copies a text to the clipboard. Shown only once JavaScript runs; without it, the text stays selectable.
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Button } from '~/components/ui';

export function CopyButton({
  text,
  label,
  copiedLabel,
}: {
  text: string;
  label: string;
  copiedLabel: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!hydrated || !navigator.clipboard) return null;
  return (
    <Button
      variant="soft"
      size="sm"
      startDecorator={copied ? <IconCheck aria-hidden size={16} /> : <IconCopy aria-hidden size={16} />}
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => setCopied(true));
      }}
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
