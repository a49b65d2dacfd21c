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

/**
 * The e-mail address a link carries after its '#' (`#token=…&email=…`, or `#email=…`): the
 * address an invitation was sent to, for the sign-up to fill in. Like the token it never
 * reaches the server in the page request. "" until read in the browser, or when there is none.
 */
export function useHashEmail(): string {
  const [email, setEmail] = useState("");
  useEffect(() => {
    const value = new URLSearchParams(window.location.hash.slice(1)).get("email") ?? "";
    // an address, not whatever was pasted after the '#'
    if (/^[^\s@]+@[^\s@]+$/.test(value) && value.length <= 254) setEmail(value);
  }, []);
  return email;
}
