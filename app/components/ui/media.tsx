// Pictures and their frames, Joy's (the avatar's fallback letters, the aspect ratio's cropping) (ADR 040),
// each in the page's Emotion cache (joy.tsx).
import JoyAspectRatio from '@mui/joy/AspectRatio';
import JoyAvatar from '@mui/joy/Avatar';
import { fromJoy } from './joy';

export const Avatar = /* @__PURE__ */ fromJoy(JoyAvatar);
export const AspectRatio = /* @__PURE__ */ fromJoy(JoyAspectRatio);
