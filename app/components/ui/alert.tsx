// A message block (saved, failed, warning…) as Joy's soft Alert, drawn as a plain element (ADR 040).
import { forwardRef, type ReactNode, type Ref } from 'react';
import { Element, type ElementProps } from './element';
import type { Tone } from './text';

export interface AlertProps extends ElementProps {
  color?: Tone;
  variant?: 'soft' | 'outlined' | 'solid';
  size?: 'sm' | 'md' | 'lg';
  startDecorator?: ReactNode;
  endDecorator?: ReactNode;
}

/** `role="alert"` by default, as Joy's; pass `role="status"` (or another) for quieter news. */
export const Alert = forwardRef(function Alert(
  {
    color = 'neutral',
    variant = 'soft',
    size = 'md',
    startDecorator,
    endDecorator,
    children,
    ...props
  }: AlertProps,
  ref: Ref<HTMLElement>,
) {
  return (
    <Element
      ref={ref}
      role="alert"
      {...props}
      classes={[
        'ui-alert',
        `ui-variant-${variant}`,
        `ui-color-${color}`,
        size !== 'md' && `ui-alert-${size}`,
      ]}
    >
      {startDecorator !== undefined && <span className="ui-alert-start">{startDecorator}</span>}
      {endDecorator !== undefined ? <div className="ui-alert-body">{children}</div> : children}
      {endDecorator !== undefined && <span className="ui-alert-end">{endDecorator}</span>}
    </Element>
  );
});
