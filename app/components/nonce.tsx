// The response's CSP nonce for inline scripts and styles; known on the server, empty in the browser.
import { createContext, useContext } from 'react';

export const NonceContext = createContext<string>('');
export const useNonce = () => useContext(NonceContext);
