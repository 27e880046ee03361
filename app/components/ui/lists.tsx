// Joy's List and its items, for menus and lists whose items are buttons or carry decorators, its chip and
// its progress bar (ADR 040).
export { default as List } from '@mui/joy/List';
export { default as ListItem } from '@mui/joy/ListItem';
export { default as ListItemButton } from '@mui/joy/ListItemButton';
export { default as ListItemContent } from '@mui/joy/ListItemContent';
export { default as ListItemDecorator } from '@mui/joy/ListItemDecorator';
export { default as Chip } from '@mui/joy/Chip';
export { default as LinearProgress } from '@mui/joy/LinearProgress';
