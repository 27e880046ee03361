// The app's Button and IconButton: Joy's, with the native `disabled` attribute in the server's HTML.
// Joy learns that its root is a <button> only once mounted in the browser and sets `disabled` then, so
// without JavaScript a button shown as disabled could still be focused and pressed, and submit its form.
// Every screen imports its buttons from here (the lint forbids importing Joy's directly).
import JoyButton, { type ButtonProps } from '@mui/joy/Button';
import JoyIconButton, { type IconButtonProps } from '@mui/joy/IconButton';
import { forwardRef } from 'react';

export type { ButtonProps, IconButtonProps };

type RootProps = Record<string, unknown>;

/** `props`, with `disabled` also given to the root slot when that root is a native button. */
export function withNativeDisabled<P extends { disabled?: boolean; component?: unknown; slotProps?: object }>(
  props: P,
): P {
  const nativeButton = props.component === undefined || props.component === 'button';
  if (!props.disabled || !nativeButton) return props;
  const slotProps = (props.slotProps ?? {}) as { root?: RootProps | ((ownerState: unknown) => RootProps) };
  const root = slotProps.root;
  return {
    ...props,
    slotProps: {
      ...slotProps,
      root:
        typeof root === 'function'
          ? (ownerState: unknown) => ({ ...root(ownerState), disabled: true })
          : { ...root, disabled: true },
    },
  };
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(props, ref) {
  return <JoyButton ref={ref} {...withNativeDisabled(props)} />;
}) as typeof JoyButton;
Object.assign(Button, { muiName: 'Button' });

export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(props, ref) {
  return <JoyIconButton ref={ref} {...withNativeDisabled(props)} />;
}) as typeof JoyIconButton;
Object.assign(IconButton, { muiName: 'IconButton' });
