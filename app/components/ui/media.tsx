// Pictures and their frames, Joy's (the avatar's fallback letters, the aspect ratio's cropping) (ADR 040).
export { default as Avatar } from '@mui/joy/Avatar';
export { default as AspectRatio } from '@mui/joy/AspectRatio';
