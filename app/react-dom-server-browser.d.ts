// The web streams build of React's server renderer (used by entry.server.tsx): the same API as the one
// @types/react-dom declares for 'react-dom/server'.
declare module 'react-dom/server.browser' {
  export { renderToReadableStream } from 'react-dom/server';
}
