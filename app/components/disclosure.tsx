// A pop-over built on <details>: opens and closes without JavaScript, and is a real button to assistive tech.
import type { ReactNode } from 'react';
import { Sheet } from '~/components/ui';

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
        className={
          align === 'end' ? 'frame-disclosure-panel' : 'frame-disclosure-panel frame-disclosure-panel-start'
        }
        style={{ width }}
      >
        {children}
      </Sheet>
    </details>
  );
}
