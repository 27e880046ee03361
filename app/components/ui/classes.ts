// Class names for the UI layer's plain elements (app/styles/ui.css): joined, with the empty ones left out.
export type Space = 0 | 0.5 | 1 | 1.5 | 2 | 2.5 | 3 | 4 | 5 | 6;

/** Breakpoints as Joy's theme has them: sm from 600 px, md from 900 px, lg from 1200 px. */
export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg';

/** A value for every width, or per breakpoint (from that width up), as Joy's responsive props. */
export type Responsive<T> = T | Partial<Record<Breakpoint, T>>;

export function cx(...names: (string | false | null | undefined)[]): string | undefined {
  const joined = names.filter(Boolean).join(' ');
  return joined || undefined;
}

/** `ui-gap-1_5` for a gap of 1.5 spacing units (8 px each, Joy's unit). */
export function spaceClass(prefix: string, space: Space | undefined): string | undefined {
  return space === undefined ? undefined : `${prefix}-${String(space).replace('.', '_')}`;
}

/** One class per breakpoint the value names: `ui-dir-row`, `ui-sm-dir-row`, … (xs has no infix). */
export function responsiveClasses<T extends string | number>(
  name: string,
  value: Responsive<T> | undefined,
): string[] {
  if (value === undefined) return [];
  const at = (breakpoint: Breakpoint, item: T) =>
    `ui-${breakpoint === 'xs' ? '' : `${breakpoint}-`}${name}-${String(item).replace('.', '_')}`;
  if (typeof value !== 'object') return [at('xs', value)];
  return (Object.entries(value) as [Breakpoint, T][]).map(([breakpoint, item]) => at(breakpoint, item));
}
