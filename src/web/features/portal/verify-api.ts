import { apiQuery } from "@web/lib/api.ts";

/** The verification page's addresses: by the code on a certificate, or by number and PIN code. */
export const verifyPaths = {
  form: "/verify",
  code: (code: string) => `/verify/${encodeURIComponent(code)}`,
  lookup: (number: string, pin: string) =>
    `/verify?number=${encodeURIComponent(number)}&pin=${encodeURIComponent(pin)}`,
};

/** The read behind /verify/{code}, the same on the server and in the browser. */
export const verifyCodeQuery = (code: string) => apiQuery("GET /api/verify/:code", { params: { code } });

/** The read behind /verify?number=…&pin=…; none until both are given. */
export function verifyLookupQuery(search: URLSearchParams) {
  const number = search.get("number");
  const pin = search.get("pin");
  if (number === null || pin === null) return null;
  return apiQuery("GET /api/verify", { query: { policyNumber: number, pincode: pin } });
}
