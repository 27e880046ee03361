// The portal's UI layer: every screen draws with these, never with Joy directly (the lint forbids it).
// Layout, text, links and message blocks are plain elements over static CSS (app/styles/ui.css); the
// interactive controls are Joy's, re-exported (ADR 040).
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
  FormControl,
  FormHelperText,
  FormLabel,
  Input,
  LinearProgress,
  Textarea,
  type InputProps,
} from './controls';
export { AspectRatio, Avatar } from './media';
export { Chip, List, ListItem, ListItemButton, ListItemContent, ListItemDecorator, Table } from './lists';
export { Button, IconButton, type ButtonProps, type IconButtonProps } from '../button';
export { StatusLabel, type LabelColour } from '../row-parts';
export type { Space, Responsive } from './classes';
