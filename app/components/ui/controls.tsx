// The portal's form controls — buttons, fields and the data table — as plain elements over the static
// styles of app/styles/ui.css, with Joy's props and looks (ADR 041). Each is the native element (a
// <button>, an <input>, a <textarea>, a <table>), so that it works without JavaScript and renders
// without asking Emotion for styles. A disabled button carries the native `disabled` attribute in the
// server's HTML: without JavaScript it cannot be focused, pressed or submit its form.
import type { LinkProps } from '@remix-run/react';
import {
  createContext,
  createElement,
  forwardRef,
  useContext,
  useId,
  type AllHTMLAttributes,
  type CSSProperties,
  type ElementType,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TableHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './classes';

export type Variant = 'solid' | 'soft' | 'outlined' | 'plain';
export type Colour = 'primary' | 'neutral' | 'danger' | 'success' | 'warning';
export type Size = 'sm' | 'md' | 'lg';

/** What a button may also be given to render as a Remix link (`component={Link} to=…`). */
type LinkOnlyProps = Partial<
  Pick<LinkProps, 'to' | 'prefetch' | 'replace' | 'state' | 'reloadDocument' | 'preventScrollReset'>
>;

type PressableProps = Omit<AllHTMLAttributes<HTMLElement>, 'color' | 'size' | 'label'> &
  LinkOnlyProps & {
    variant?: Variant;
    color?: Colour;
    size?: Size;
    /** Shown as busy and disabled (a form being sent). */
    loading?: boolean;
    /** The element or component drawn instead of a <button>: 'a', Remix's Link, 'label'… */
    component?: ElementType;
    children?: ReactNode;
  };

export type ButtonProps = PressableProps & {
  startDecorator?: ReactNode;
  endDecorator?: ReactNode;
  /** Where the busy indicator shows: over the label (default), or in place of a decorator. */
  loadingPosition?: 'center' | 'start' | 'end';
  fullWidth?: boolean;
};

export type IconButtonProps = PressableProps;

const spinner = <span className="ui-spinner" aria-hidden="true" />;

/** The attributes every button shares, native or not. */
function pressable(
  kind: 'ui-button' | 'ui-icon-button',
  { variant, color, size, loading, component = 'button', disabled, className, ...rest }: PressableProps,
  extra: (string | false | undefined)[],
) {
  const off = Boolean(disabled || loading);
  const native = component === 'button';
  return {
    component,
    props: {
      ...rest,
      ...(native ? { disabled: off || undefined } : off ? { 'aria-disabled': true, tabIndex: -1 } : {}),
      'aria-busy': loading || undefined,
      className: cx(
        kind,
        size !== 'md' && `${kind}-${size}`,
        `ui-variant-${variant}`,
        `ui-color-${color}`,
        off && 'ui-disabled',
        ...extra,
        className,
      ),
    },
  };
}

export const Button = forwardRef(function Button(
  {
    variant = 'solid',
    color = 'primary',
    size = 'md',
    startDecorator,
    endDecorator,
    loading = false,
    loadingPosition = 'center',
    fullWidth = false,
    children,
    ...props
  }: ButtonProps,
  ref: Ref<HTMLElement>,
) {
  const { component, props: attributes } = pressable(
    'ui-button',
    { variant, color, size, loading, ...props },
    [fullWidth && 'ui-button-full', loading && loadingPosition === 'center' && 'ui-button-loading'],
  );
  const start = loading && loadingPosition === 'start' ? spinner : startDecorator;
  const end = loading && loadingPosition === 'end' ? spinner : endDecorator;
  return createElement(
    component,
    { ...attributes, ref },
    start !== undefined && start !== null && <span className="ui-button-start">{start}</span>,
    children,
    end !== undefined && end !== null && <span className="ui-button-end">{end}</span>,
    loading && loadingPosition === 'center' && <span className="ui-button-busy">{spinner}</span>,
  );
});

export const IconButton = forwardRef(function IconButton(
  { variant = 'plain', color = 'neutral', size = 'md', loading = false, children, ...props }: IconButtonProps,
  ref: Ref<HTMLElement>,
) {
  const { component, props: attributes } = pressable(
    'ui-icon-button',
    { variant, color, size, loading, ...props },
    [loading && 'ui-button-loading'],
  );
  return createElement(
    component,
    { ...attributes, ref },
    children,
    loading && <span className="ui-button-busy">{spinner}</span>,
  );
});

// ---- Fields -----------------------------------------------------------------------------------------

interface FieldContext {
  id: string;
  size: Size;
  error: boolean;
  required: boolean;
  disabled: boolean;
}

const FormControlContext = createContext<FieldContext | null>(null);

export type FormControlProps = Omit<AllHTMLAttributes<HTMLDivElement>, 'size'> & {
  size?: Size;
  /** The field is invalid: its input and helper text show in the danger colour. */
  error?: boolean;
  /** The label shows an asterisk and the input is required. */
  required?: boolean;
  disabled?: boolean;
};

/** A label, a control and a helper text, stacked; the control's id and size come from here. */
export function FormControl({
  size = 'md',
  error = false,
  required = false,
  disabled = false,
  className,
  children,
  ...props
}: FormControlProps) {
  const id = useId();
  return (
    <FormControlContext.Provider value={{ id, size, error, required, disabled }}>
      <div
        {...props}
        className={cx(
          'ui-form-control',
          `ui-form-control-${size}`,
          error && 'ui-form-control-error',
          disabled && 'ui-form-control-disabled',
          className,
        )}
      >
        {children}
      </div>
    </FormControlContext.Provider>
  );
}

export function FormLabel({ htmlFor, className, children, ...props }: AllHTMLAttributes<HTMLLabelElement>) {
  const field = useContext(FormControlContext);
  return (
    <label {...props} htmlFor={htmlFor ?? field?.id} className={cx('ui-form-label', className)}>
      {children}
      {field?.required && (
        <span aria-hidden="true" className="ui-form-label-asterisk">
          {'\u2009*'}
        </span>
      )}
    </label>
  );
}

export function FormHelperText({ className, ...props }: AllHTMLAttributes<HTMLDivElement>) {
  return <div {...props} className={cx('ui-helper-text', className)} />;
}

/** The root's classes of an input or a text area: its size and colour, from its form control if any. */
function useFieldClasses(kind: 'ui-input' | 'ui-textarea', given: { size?: Size; error?: boolean }) {
  const field = useContext(FormControlContext);
  const size = given.size ?? field?.size ?? 'md';
  const error = given.error ?? field?.error ?? false;
  return {
    field,
    className: cx(kind, size !== 'md' && `${kind}-${size}`, error ? 'ui-color-danger' : 'ui-color-neutral'),
  };
}

export interface InputProps {
  size?: Size;
  error?: boolean;
  startDecorator?: ReactNode;
  endDecorator?: ReactNode;
  placeholder?: string;
  className?: string;
  style?: CSSProperties;
  /** The <input> element's own attributes (id, name, type, value…), as Joy's `slotProps.input`. */
  slotProps?: { input?: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> } };
}

/** A text input in a bordered box, with optional decorators on either side. */
export function Input({
  size,
  error,
  startDecorator,
  endDecorator,
  placeholder,
  className,
  style,
  slotProps,
}: InputProps) {
  const { field, className: classes } = useFieldClasses('ui-input', { size, error });
  const input = slotProps?.input ?? {};
  return (
    <div className={cx(classes, className)} style={style}>
      {startDecorator !== undefined && <span className="ui-input-start">{startDecorator}</span>}
      <input
        id={field?.id}
        required={field?.required || undefined}
        disabled={field?.disabled || undefined}
        placeholder={placeholder}
        {...input}
        className={cx('ui-input-input', input.className)}
      />
      {endDecorator !== undefined && <span className="ui-input-end">{endDecorator}</span>}
    </div>
  );
}

export interface TextareaProps {
  size?: Size;
  error?: boolean;
  /** The height it starts at, in lines; it grows with its text. */
  minRows?: number;
  className?: string;
  style?: CSSProperties;
  /** The <textarea> element's own attributes, as Joy's `slotProps.textarea`. */
  slotProps?: { textarea?: TextareaHTMLAttributes<HTMLTextAreaElement> };
}

/** A text of several lines that grows with what is typed (CSS `field-sizing`, no script). */
export function Textarea({ size, error, minRows = 1, className, style, slotProps }: TextareaProps) {
  const { field, className: classes } = useFieldClasses('ui-textarea', { size, error });
  const textarea = slotProps?.textarea ?? {};
  return (
    <div className={cx(classes, className)} style={style}>
      <textarea
        id={field?.id}
        required={field?.required || undefined}
        disabled={field?.disabled || undefined}
        rows={minRows}
        {...textarea}
        className={cx('ui-textarea-textarea', textarea.className)}
        style={{ '--ui-rows': minRows, ...textarea.style } as CSSProperties}
      />
    </div>
  );
}

// ---- The data table ------------------------------------------------------------------------------------

export type TableProps = Omit<TableHTMLAttributes<HTMLTableElement>, 'size'> & {
  size?: 'sm' | 'md';
  variant?: 'plain' | 'outlined';
  /** Every other body row shaded. */
  stripe?: 'odd' | 'even';
  /** The row under the pointer shaded. */
  hoverRow?: boolean;
  /** Lines between rows only (default), or between columns too. */
  borderAxis?: 'xBetween' | 'bothBetween';
};

export function Table({
  size = 'md',
  variant = 'plain',
  stripe,
  hoverRow = false,
  borderAxis = 'xBetween',
  className,
  ...props
}: TableProps) {
  return (
    <table
      {...props}
      className={cx(
        'ui-table',
        size === 'sm' && 'ui-table-sm',
        variant === 'outlined' && 'ui-table-outlined',
        stripe && `ui-table-stripe-${stripe}`,
        hoverRow && 'ui-table-hover',
        borderAxis === 'bothBetween' && 'ui-table-columns',
        className,
      )}
    />
  );
}
