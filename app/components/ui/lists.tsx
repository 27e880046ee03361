// Joy's List and its items, for menus and lists whose items are buttons or carry decorators, its chip and
// its progress bar (ADR 040), each in the page's Emotion cache (joy.tsx).
import JoyChip from '@mui/joy/Chip';
import JoyLinearProgress from '@mui/joy/LinearProgress';
import JoyList from '@mui/joy/List';
import JoyListItem from '@mui/joy/ListItem';
import JoyListItemButton from '@mui/joy/ListItemButton';
import JoyListItemContent from '@mui/joy/ListItemContent';
import JoyListItemDecorator from '@mui/joy/ListItemDecorator';
import { fromJoy } from './joy';

export const List = /* @__PURE__ */ fromJoy(JoyList);
export const ListItem = /* @__PURE__ */ fromJoy(JoyListItem);
export const ListItemButton = /* @__PURE__ */ fromJoy(JoyListItemButton);
export const ListItemContent = /* @__PURE__ */ fromJoy(JoyListItemContent);
export const ListItemDecorator = /* @__PURE__ */ fromJoy(JoyListItemDecorator);
export const Chip = /* @__PURE__ */ fromJoy(JoyChip);
export const LinearProgress = /* @__PURE__ */ fromJoy(JoyLinearProgress);
