// The one plain element every layout piece renders: the tag chosen by `component`, its classes, and any
// HTML attribute (id, aria-*, role, dir, style…) passed through. No Emotion: the styles are app/styles/ui.css.
import { createElement, forwardRef, type AllHTMLAttributes, type Ref } from 'react';
import { cx } from './classes';

/** Every HTML attribute but the few the UI layer's own props reuse as names. */
export type ElementProps = Omit<AllHTMLAttributes<HTMLElement>, 'color' | 'size' | 'wrap' | 'label'> & {
  /** The HTML element to render (`section`, `ul`, `li`, `h2`…). */
  component?: keyof JSX.IntrinsicElements;
};

export const Element = forwardRef(function Element(
  {
    component = 'div',
    className,
    classes,
    ...props
  }: ElementProps & { classes: (string | false | undefined)[] },
  ref: Ref<HTMLElement>,
) {
  return createElement(component, { ...props, ref, className: cx(...classes, className) });
});
