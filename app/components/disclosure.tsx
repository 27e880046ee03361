// A pop-over built on <details>: opens and closes without JavaScript, and is a real button to assistive tech.
import Sheet from '@mui/joy/Sheet';
import type { ReactNode } from 'react';

export function Disclosure({
  summary,
  label,
  children,
  align = 'end',
  width = 260,
  open,
}: {
  summary: ReactNode;
  /** The accessible name of the toggle. */
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
  width?: number;
  /** Open on first render (e.g. when the form inside came back with an error). */
  open?: boolean;
}) {
  return (
    <details className="disclosure" open={open || undefined}>
      {/* The name is the summary's own (hidden) text, so what is seen and what is heard never disagree. */}
      <summary title={label}>
        <span className="visually-hidden">{label}</span>
        <span aria-hidden="true" style={{ display: 'contents' }}>
          {summary}
        </span>
      </summary>
      <Sheet
        variant="outlined"
        className="disclosure-panel"
        sx={{
          position: 'absolute',
          insetBlockStart: 'calc(100% + 8px)',
          ...(align === 'end' ? { insetInlineEnd: 0 } : { insetInlineStart: 0 }),
          width,
          maxWidth: 'calc(100vw - 24px)',
          p: 2,
          borderRadius: 'md',
          boxShadow: 'lg',
          zIndex: 1200,
        }}
      >
        {children}
      </Sheet>
    </details>
  );
}
