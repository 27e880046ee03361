// The interactive controls, which stay Joy's (focus, states, the form's context): every screen takes them
// from here, so that Joy is imported by the UI layer and the theme only (ADR 040).
export { default as FormControl, type FormControlProps } from '@mui/joy/FormControl';
export { default as FormLabel } from '@mui/joy/FormLabel';
export { default as FormHelperText } from '@mui/joy/FormHelperText';
export { default as Input, type InputProps } from '@mui/joy/Input';
export { default as Textarea } from '@mui/joy/Textarea';
export { default as LinearProgress } from '@mui/joy/LinearProgress';
