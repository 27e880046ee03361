// Types of `content-disposition` (the package express itself uses to write this header).
declare module 'content-disposition' {
  interface Options {
    type?: string;
    /** An ISO-8859-1 name for clients that do not read `filename*`, or false for none. */
    fallback?: string | boolean;
  }
  function contentDisposition(filename?: string, options?: Options): string;
  export default contentDisposition;
}
