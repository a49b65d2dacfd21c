import { useEffect, useState } from "react";

/**
 * The token of a link from one of our e-mails (`#token=…`). It travels after the '#', so it
 * is never sent to the server with the page request nor written in a log. Null until read in
 * the browser (the server renders without it); "" when the address has none.
 */
export function useHashToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const m = /(?:^|[#&])token=([A-Za-z0-9_-]+)/.exec(window.location.hash);
    setToken(m ? m[1] : "");
  }, []);
  return token;
}
