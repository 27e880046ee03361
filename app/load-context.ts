// What the portal's server (server.js) hands every loader and action besides the request.
import '@remix-run/node';

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** Nonce for this response's inline scripts and styles (Content-Security-Policy). */
    cspNonce: string;
    /** The client's address (behind a proxy only when TRUST_PROXY says so), for counting failed sign-ins. */
    clientAddress?: string;
  }
}

export {};
