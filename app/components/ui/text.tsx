// Text and links as plain elements styled by app/styles/ui.css: Joy's Typography levels and Link, with no
// style work per render (ADR 040).
import { Link as RemixLink, NavLink, type LinkProps as RemixLinkProps } from '@remix-run/react';
import { createContext, forwardRef, useContext, type ReactNode, type Ref } from 'react';
import { cx } from './classes';
import { Element, type ElementProps } from './element';

export type TextLevel =
  | 'h1'
  | 'h2'
  | 'h3'
  | 'h4'
  | 'title-lg'
  | 'title-md'
  | 'title-sm'
  | 'body-lg'
  | 'body-md'
  | 'body-sm'
  | 'body-xs';

export type Tone = 'primary' | 'neutral' | 'success' | 'warning' | 'danger';
type FontSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xl2' | 'xl3' | 'xl4';
type FontWeight = 'sm' | 'md' | 'lg' | 'xl';

/** The element each level is by default, as in Joy: headings their own, body-xs a span, others a p. */
const ELEMENT: Record<TextLevel, keyof JSX.IntrinsicElements> = {
  h1: 'h1',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  'title-lg': 'p',
  'title-md': 'p',
  'title-sm': 'p',
  'body-lg': 'p',
  'body-md': 'p',
  'body-sm': 'p',
  'body-xs': 'span',
};

/** Inside a Text, a Text is a span (a p may not hold a p). */
const InText = createContext(false);

export interface TextProps extends ElementProps {
  level?: TextLevel;
  /** The text's colour from the theme's text colours (Joy's `textColor="text.secondary"`…). */
  textColor?: 'text.primary' | 'text.secondary' | 'text.tertiary' | 'inherit';
  /** A palette colour (Joy's `color`), for text that says something: danger, success… */
  color?: Tone;
  fontSize?: FontSize;
  fontWeight?: FontWeight;
  textAlign?: 'start' | 'center' | 'end';
  /** One line, cut with an ellipsis. */
  noWrap?: boolean;
  startDecorator?: ReactNode;
  endDecorator?: ReactNode;
}

/** Text at one of the theme's typographic levels, as Joy's Typography. */
export const Text = forwardRef(function Text(
  {
    level = 'body-md',
    component,
    textColor,
    color,
    fontSize,
    fontWeight,
    textAlign,
    noWrap,
    startDecorator,
    endDecorator,
    children,
    ...props
  }: TextProps,
  ref: Ref<HTMLElement>,
) {
  const nested = useContext(InText);
  const decorated = startDecorator !== undefined || endDecorator !== undefined;
  return (
    <InText.Provider value>
      <Element
        ref={ref}
        component={component ?? (nested ? 'span' : ELEMENT[level])}
        {...props}
        classes={[
          'ui-text',
          `ui-text-${level}`,
          textColor && `ui-text-${textColor.replace('text.', '')}`,
          color && `ui-tone-${color}`,
          fontSize && `ui-fs-${fontSize}`,
          fontWeight && `ui-fw-${fontWeight}`,
          textAlign && `ui-ta-${textAlign}`,
          noWrap && 'ui-nowrap',
          decorated && 'ui-text-decorated',
        ]}
      >
        {startDecorator !== undefined && <span className="ui-text-start">{startDecorator}</span>}
        {children}
        {endDecorator !== undefined && <span className="ui-text-end">{endDecorator}</span>}
      </Element>
    </InText.Provider>
  );
});

interface LinkStyle {
  level?: 'body-md' | 'body-sm' | 'body-xs' | 'title-sm' | 'title-md' | 'inherit';
  color?: 'primary' | 'neutral';
  underline?: 'hover' | 'always' | 'none';
  fontWeight?: FontWeight;
  startDecorator?: ReactNode;
  endDecorator?: ReactNode;
}

function linkClasses({ level = 'body-md', color = 'primary', underline = 'hover', fontWeight }: LinkStyle) {
  return cx(
    'ui-link',
    level !== 'inherit' && `ui-text-${level}-size`,
    color === 'neutral' && 'ui-link-neutral',
    `ui-link-underline-${underline}`,
    fontWeight && `ui-fw-${fontWeight}`,
  );
}

function decorated(children: ReactNode, { startDecorator, endDecorator }: LinkStyle) {
  return (
    <>
      {startDecorator !== undefined && <span className="ui-link-start">{startDecorator}</span>}
      {children}
      {endDecorator !== undefined && <span className="ui-link-end">{endDecorator}</span>}
    </>
  );
}

/**
 * A link in running text or a card, as Joy's Link: to a route of the portal (`to`, through Remix's Link,
 * or its NavLink with `nav`), or to any address (`href`, a plain <a>).
 */
export const TextLink = forwardRef(function TextLink(
  props: LinkStyle &
    (
      | (Omit<RemixLinkProps, 'className' | 'color'> & { nav?: boolean; href?: never })
      | (Omit<ElementProps, 'color' | 'component'> & { href: string; to?: never; nav?: never })
    ),
  ref: Ref<HTMLAnchorElement>,
) {
  const { level, color, underline, fontWeight, startDecorator, endDecorator, children, ...rest } = props;
  const style = { level, color, underline, fontWeight, startDecorator, endDecorator };
  const withDecorator = startDecorator !== undefined || endDecorator !== undefined;
  const className = cx(
    linkClasses(style),
    withDecorator && 'ui-link-decorated',
    (rest as { className?: string }).className,
  );
  if ('to' in rest && rest.to !== undefined) {
    const { nav, ...link } = rest as RemixLinkProps & { nav?: boolean };
    const Component = nav ? NavLink : RemixLink;
    return (
      <Component ref={ref} {...link} className={className}>
        {decorated(children as ReactNode, style)}
      </Component>
    );
  }
  return (
    <a ref={ref} {...(rest as ElementProps)} className={className}>
      {decorated(children as ReactNode, style)}
    </a>
  );
});
