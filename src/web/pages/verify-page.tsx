import { VerifyByCode, VerifyByNumber } from "@web/features/portal/verification.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { useSearch } from "wouter";

/** /verify/{code} and /verify: the public check that a warranty certificate is genuine. */
export default function VerifyPage({ params }: PageProps) {
  const search = useSearch();
  if (params.code !== undefined) return <VerifyByCode code={params.code} />;
  return <VerifyByNumber search={new URLSearchParams(search)} />;
}
