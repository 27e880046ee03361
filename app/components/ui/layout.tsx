// Layout pieces drawn as plain elements styled by app/styles/ui.css over the theme's variables: they look as
// Joy's Box, Stack, Grid, Card, Sheet and Divider do, and cost no style work per render (ADR 040).
import { forwardRef, type Ref } from 'react';
import { responsiveClasses, spaceClass, type Responsive, type Space } from './classes';
import { Element, type ElementProps } from './element';

type Align = 'flex-start' | 'center' | 'flex-end' | 'stretch' | 'baseline';
type Justify = 'flex-start' | 'center' | 'flex-end' | 'space-between';

export interface StackProps extends ElementProps {
  /** `column` (the default), `row`, or per breakpoint: `{ xs: 'column', sm: 'row' }`. */
  direction?: Responsive<'row' | 'column'>;
  /** Space between the children, in spacing units of 8 px (`spacing` is the same, as in Joy). */
  gap?: Space;
  spacing?: Space;
  alignItems?: Responsive<Align>;
  justifyContent?: Justify;
  flexWrap?: 'wrap' | 'nowrap';
}

/** A flex column or row of children with a gap, as Joy's Stack. */
export const Stack = forwardRef(function Stack(
  { direction = 'column', gap, spacing, alignItems, justifyContent, flexWrap, ...props }: StackProps,
  ref: Ref<HTMLElement>,
) {
  return (
    <Element
      ref={ref}
      {...props}
      classes={[
        'ui-stack',
        ...responsiveClasses('dir', direction),
        spaceClass('ui-gap', gap ?? spacing),
        ...responsiveClasses('ai', alignItems),
        justifyContent && `ui-jc-${justifyContent}`,
        flexWrap === 'wrap' && 'ui-wrap',
      ]}
    />
  );
});

type Columns = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

export interface GridProps extends ElementProps {
  /** A row of items that wrap (`spacing` between them); without it, an item of that row. */
  container?: boolean;
  spacing?: Space;
  /** The columns of 12 the item spans from that breakpoint up. */
  xs?: Columns;
  sm?: Columns;
  md?: Columns;
  lg?: Columns;
}

/** Joy's Grid: a container of 12 columns whose items span some of them per breakpoint. */
export const Grid = forwardRef(function Grid(
  { container, spacing, xs, sm, md, lg, ...props }: GridProps,
  ref: Ref<HTMLElement>,
) {
  return (
    <Element
      ref={ref}
      {...props}
      classes={[
        container ? 'ui-grid' : 'ui-grid-item',
        container && spaceClass('ui-grid-gap', spacing ?? 0),
        ...responsiveClasses('col', { xs, sm, md, lg }).filter((name) => !name.endsWith('-undefined')),
      ]}
    />
  );
});

export interface CardProps extends ElementProps {
  variant?: 'outlined' | 'soft' | 'plain';
  size?: 'sm' | 'md' | 'lg';
  orientation?: 'vertical' | 'horizontal';
}

/** A card: surface, border, corner radius, padding and a gap between its children, as Joy's Card. */
export const Card = forwardRef(function Card(
  { variant = 'outlined', size = 'md', orientation = 'vertical', ...props }: CardProps,
  ref: Ref<HTMLElement>,
) {
  return (
    <Element
      ref={ref}
      {...props}
      classes={[
        'ui-card',
        `ui-card-${variant}`,
        size !== 'md' && `ui-card-${size}`,
        orientation === 'horizontal' && 'ui-card-horizontal',
      ]}
    />
  );
});

/** The part of a card that grows to fill it, as Joy's CardContent. */
export function CardContent(props: ElementProps) {
  return <Element {...props} classes={['ui-card-content']} />;
}

export interface SheetProps extends ElementProps {
  variant?: 'plain' | 'outlined' | 'soft' | 'solid';
  color?: 'neutral' | 'primary' | 'success' | 'warning' | 'danger';
}

/** A surface: Joy's Sheet (no padding or radius of its own). */
export const Sheet = forwardRef(function Sheet(
  { variant = 'plain', color = 'neutral', ...props }: SheetProps,
  ref: Ref<HTMLElement>,
) {
  return (
    <Element ref={ref} {...props} classes={['ui-sheet', `ui-variant-${variant}`, `ui-color-${color}`]} />
  );
});

/** Any block with no style of its own but what `className` and `style` give it. */
export const Box = forwardRef(function Box(props: ElementProps, ref: Ref<HTMLElement>) {
  return <Element ref={ref} {...props} classes={[]} />;
});

/** A thin line between blocks (or between items of a row, `vertical`), as Joy's Divider. */
export function Divider({
  orientation = 'horizontal',
  ...props
}: ElementProps & { orientation?: 'horizontal' | 'vertical' }) {
  return (
    <Element
      component="hr"
      aria-orientation={orientation === 'vertical' ? 'vertical' : undefined}
      {...props}
      classes={['ui-divider', orientation === 'vertical' && 'ui-divider-vertical']}
    />
  );
}
