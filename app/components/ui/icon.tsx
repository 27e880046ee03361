// The frame's icons (menu, top bar, settings panels) drawn from one sprite the browser downloads once
// and keeps: each is an <svg> with a <use> of its symbol, the same lines as the Tabler icon it is made
// from, instead of every page drawing some thirty icons inline (ADR 056). Icons a single screen shows
// stay Tabler's components.
import { type IconName } from './icon-names';
import sprite from './icons.svg?url&no-inline';

export type IconProps = {
  name: IconName;
  /** Width and height in pixels. */
  size?: number;
  /** The width of the lines, as Tabler's `stroke`. */
  stroke?: number;
  className?: string;
};

/** An icon of the sprite; decorative (hidden from assistive technology): its control carries the name. */
export function Icon({ name, size = 24, stroke = 2, className }: IconProps) {
  return (
    <svg
      className={className ? `ui-icon ${className}` : 'ui-icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={stroke}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}
