import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

/** The request's CSP nonce on the server; empty in the browser, where scripts already ran. */
export function useNonce(): string {
  return useContext(NonceContext);
}
