// A pop-over built on <details>: opens and closes without JavaScript, and is a real button to assistive tech.
import type { ReactNode } from 'react';
import { Sheet } from '~/components/ui';
import { Kept } from './kept-markup';

export function Disclosure({
  summary,
  label,
  children,
  align = 'end',
  width = 260,
  open,
  keep,
}: {
  summary: ReactNode;
  /** The accessible name of the toggle. */
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
  width?: number;
  /** Open on first render (e.g. when the form inside came back with an error). */
  open?: boolean;
  /** What the panel's content depends on, when it is the same on many pages: its HTML is kept (ADR 064). */
  keep?: string;
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
      <Kept
        id={keep ?? null}
        host={(content) => (
          <Sheet
            variant="outlined"
            className={
              align === 'end'
                ? 'frame-disclosure-panel'
                : 'frame-disclosure-panel frame-disclosure-panel-start'
            }
            style={{ width }}
            {...content}
          />
        )}
      >
        {children}
      </Kept>
    </details>
  );
}
