// The portal's UI layer: every screen draws with these, never with Joy directly (the lint forbids it).
// Layout, text, links, message blocks, buttons, fields and the data table are plain elements over static
// CSS (app/styles/ui.css, ADR 040 and 041); lists of buttons, chips, avatars and the progress bar are
// Joy's, re-exported.
export { Alert, type AlertProps } from './alert';
export {
  Box,
  Card,
  CardContent,
  Divider,
  Grid,
  Sheet,
  Stack,
  type CardProps,
  type StackProps,
} from './layout';
export { Text, TextLink, type TextLevel, type TextProps, type Tone } from './text';
export {
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  Input,
  Table,
  Textarea,
  type ButtonProps,
  type Colour,
  type FormControlProps,
  type IconButtonProps,
  type InputProps,
  type TableProps,
  type TextareaProps,
} from './controls';
export { AspectRatio, Avatar } from './media';
export { Icon, type IconProps } from './icon';
export { type IconName } from './icon-names';
export {
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemContent,
  ListItemDecorator,
} from './lists';
export { StatusLabel, type LabelColour } from '../row-parts';
export type { Space, Responsive } from './classes';
