import { formatDate } from "@shared/format.ts";
import type { Verification, VerificationStatus } from "@shared/schemas/certificate.ts";
import { useQuery } from "@tanstack/react-query";
import { Container } from "@web/components/layout/section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Input, Label } from "@web/components/ui/input.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { ApiError, errorStatus } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { COMPANY, telHref } from "@web/lib/company.ts";
import { PageMeta } from "@web/lib/head.tsx";
import {
  ArrowRightLeft,
  BadgeCheck,
  Ban,
  Check,
  CircleAlert,
  Clock,
  SearchX,
  ShieldAlert,
} from "lucide-react";
import { coverState } from "./cover-period.ts";
import { Fact } from "./fact.tsx";
import { verifyCodeQuery, verifyLookupQuery, verifyPaths } from "./verify-api.ts";

const DESCRIPTION = `Check that a ${COMPANY.name} warranty certificate is genuine, and whether its cover is valid.`;

const STATUS: Record<
  VerificationStatus,
  { label: string; sentence: string; icon: typeof Check; tone: string }
> = {
  valid: {
    label: "Valid",
    sentence: "This certificate is genuine and the policy's cover is in force.",
    icon: BadgeCheck,
    tone: "border-emerald-600/40 bg-emerald-50 text-emerald-950 dark:border-emerald-400/40 dark:bg-emerald-950 dark:text-emerald-50",
  },
  pending: {
    label: "Pending",
    sentence: "This policy has been issued and is waiting to be activated; its cover has not started yet.",
    icon: Clock,
    tone: "border-amber-600/40 bg-amber-50 text-amber-950 dark:border-amber-400/40 dark:bg-amber-950 dark:text-amber-50",
  },
  expired: {
    label: "Expired",
    sentence: "This certificate is genuine, but the policy's cover period has ended.",
    icon: CircleAlert,
    tone: "border-zinc-500/40 bg-zinc-100 text-zinc-900 dark:border-zinc-400/40 dark:bg-zinc-800 dark:text-zinc-50",
  },
  cancelled: {
    label: "Cancelled",
    sentence: "This policy has been cancelled and no longer provides cover.",
    icon: Ban,
    tone: "border-red-600/40 bg-red-50 text-red-950 dark:border-red-400/40 dark:bg-red-950 dark:text-red-50",
  },
};

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <Container className="max-w-3xl py-10 md:py-14">
      <p className="text-xs font-bold tracking-[0.18em] text-primary uppercase">Certificate verification</p>
      {children}
      <p className="mt-10 text-sm text-muted-foreground">
        For the holder's privacy this page shows only their initials and the city. Questions about a policy?
        Call{" "}
        <a
          href={telHref(COMPANY.phones[0])}
          className="font-medium text-foreground underline-offset-4 hover:underline"
        >
          {COMPANY.phones[0]}
        </a>
        .
      </p>
    </Container>
  );
}

/** /verify/{code}: what the certificate with this code says today. */
export function VerifyByCode({ code }: { code: string }) {
  const path = verifyPaths.code(code);
  const query = useQuery(verifyCodeQuery(code));
  return <VerifyAnswer path={path} query={query} />;
}

/** /verify: the form, and with ?number=…&pin=… the answer for that policy. */
export function VerifyByNumber({ search }: { search: URLSearchParams }) {
  const options = verifyLookupQuery(search);
  const query = useQuery({ ...(options ?? verifyCodeQuery("")), enabled: options !== null });
  const number = search.get("number") ?? "";
  const pin = search.get("pin") ?? "";
  if (!options) {
    return (
      <Shell>
        <PageMeta title="Verify a Certificate" description={DESCRIPTION} path={verifyPaths.form} noindex />
        <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">Verify a warranty certificate</h1>
        <p className="mt-3 text-muted-foreground">
          Scan the QR code on the certificate, or enter its policy number and the property's PIN code.
        </p>
        <LookupForm number={number} pin={pin} />
      </Shell>
    );
  }
  const invalid = query.error instanceof ApiError && query.error.status === 400 ? query.error : null;
  if (invalid) {
    return (
      <Shell>
        <PageMeta title="Verify a Certificate" description={DESCRIPTION} path={verifyPaths.form} noindex />
        <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">Verify a warranty certificate</h1>
        <LookupForm number={number} pin={pin} error={invalid.message} />
      </Shell>
    );
  }
  return <VerifyAnswer path={verifyPaths.form} query={query} number={number} pin={pin} />;
}

function VerifyAnswer({
  path,
  query,
  number = "",
  pin = "",
}: {
  path: string;
  query: { data?: Verification; error: unknown; isPending: boolean; refetch: () => unknown };
  number?: string;
  pin?: string;
}) {
  const status = errorStatus(query.error);
  if (status === 404) {
    return (
      <Shell>
        <PageMeta
          title="No Matching Certificate"
          description="No certificate matches these details."
          path={path}
          noindex
          status={404}
        />
        <Notice icon={SearchX} title="No matching certificate">
          We could not find a certificate with these details. Check the code in the link, or the policy number
          and PIN code, and try again.
        </Notice>
        <LookupForm number={number} pin={pin} />
      </Shell>
    );
  }
  if (status === 429) {
    return (
      <Shell>
        <PageMeta
          title="Too Many Checks"
          description="Please wait a minute."
          path={path}
          noindex
          status={429}
        />
        <Notice icon={ShieldAlert} title="Too many checks">
          You have checked many certificates in a short time. Please wait a minute and try again.
        </Notice>
      </Shell>
    );
  }
  if (query.isPending) {
    return (
      <Shell>
        <LoadingRegion label="Checking the certificate..." className="mt-4 grid gap-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-48" />
        </LoadingRegion>
      </Shell>
    );
  }
  if (!query.data) {
    return (
      <Shell>
        <LoadError what="this certificate" onRetry={() => void query.refetch()} />
      </Shell>
    );
  }
  return (
    <Shell>
      <VerificationResult path={path} v={query.data} />
      <details className="mt-8 rounded-xl border p-5">
        <summary className="cursor-pointer font-semibold">Check another certificate</summary>
        <LookupForm number="" pin="" />
      </details>
    </Shell>
  );
}

/** a page-level answer other than a result: no match, or too many checks */
function Notice({
  icon: Icon,
  title,
  children,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mt-4 flex items-start gap-4 rounded-xl border p-5">
      <Icon aria-hidden="true" className="mt-1 size-7 shrink-0 text-muted-foreground" />
      <div>
        <h1 className="font-display text-2xl font-bold md:text-3xl">{title}</h1>
        <p className="mt-2 text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}

function VerificationResult({ path, v }: { path: string; v: Verification }) {
  const s = STATUS[v.status];
  const Icon = s.icon;
  const cover = coverState(v.startDate, v.endDate);
  const left =
    v.status === "valid"
      ? `${cover.label} (${v.yearsLeft.toLocaleString("en-IN")} ${v.yearsLeft === 1 ? "year" : "years"})`
      : v.status === "pending"
        ? `${v.yearsLeft.toLocaleString("en-IN")} years, once active`
        : "None";
  return (
    <>
      <PageMeta title={`Certificate ${v.policyNumber}`} description={DESCRIPTION} path={path} noindex />
      {v.partner ? (
        // a partner's policy: the partner gives the warranty under its own name (we service it)
        <div
          className="mt-4 flex flex-col items-start gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center sm:gap-4"
          data-testid="partner-brand"
        >
          {v.partner.logoUrl ? (
            <img
              src={v.partner.logoUrl}
              alt={`${v.partner.name} logo`}
              className="h-12 w-auto max-w-32 shrink-0 rounded bg-white object-contain p-1"
            />
          ) : null}
          <div className="min-w-0">
            <p className="font-semibold">{v.partner.name}</p>
            <p className="text-sm text-muted-foreground">{v.partner.line}</p>
          </div>
        </div>
      ) : null}
      <h1 className="mt-2 font-display text-3xl font-bold md:text-4xl">{v.planName} Plan certificate</h1>
      <p className="mt-1 font-mono text-muted-foreground">{v.policyNumber}</p>
      <div className={cn("mt-6 flex items-start gap-4 rounded-xl border-2 p-5", s.tone)} role="status">
        <Icon aria-hidden="true" className="mt-0.5 size-8 shrink-0" />
        <div>
          <p className="text-2xl font-bold" data-verification-status={v.status}>
            {s.label}
          </p>
          <p className="mt-1">{s.sentence}</p>
        </div>
      </div>
      <Card className="mt-6 p-6">
        <dl className="grid gap-5 sm:grid-cols-2">
          <Fact label="Policy holder">{v.holder}</Fact>
          <Fact label="City">{v.city}</Fact>
          <Fact label="Plan">
            {v.planName} Plan{v.durationYears ? ` · ${v.durationYears} years` : ""}
          </Fact>
          <Fact label="Cover period">
            {formatDate(v.startDate)} – {formatDate(v.endDate)}
          </Fact>
          <Fact label="Cover left">{left}</Fact>
        </dl>
        {v.transferredOn ? (
          // the home was sold and the cover went with it: said without naming anyone
          <p className="mt-5 flex items-center gap-2 text-sm font-medium" data-testid="transferred-on">
            <ArrowRightLeft aria-hidden="true" className="size-4 shrink-0 text-primary" />
            Transferred to a new holder on {formatDate(v.transferredOn)}
          </p>
        ) : null}
        {v.covered.length > 0 ? (
          <>
            <h2 className="mt-8 text-lg font-semibold">What this policy covers</h2>
            <ul className="mt-3 grid gap-2 sm:grid-cols-2">
              {v.covered.map((item) => (
                <li key={item} className="flex items-start gap-2 text-sm">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  {item}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
    </>
  );
}

/**
 * A plain GET form: it works before the page's scripts load (or without them), and its
 * answer has its own address, rendered on the server like the code's page.
 */
function LookupForm({ number, pin, error }: { number: string; pin: string; error?: string }) {
  return (
    <form
      method="get"
      action={verifyPaths.form}
      className="mt-6 grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="verify-number">Policy number</Label>
        <Input
          id="verify-number"
          name="number"
          defaultValue={number}
          placeholder="HIPW-2025-000123"
          autoComplete="off"
          required
          maxLength={40}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="verify-pin">PIN code</Label>
        <Input
          id="verify-pin"
          name="pin"
          defaultValue={pin}
          inputMode="numeric"
          pattern="[0-9]{6}"
          title="The 6-digit PIN code of the property"
          autoComplete="off"
          required
          maxLength={6}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "verify-error" : undefined}
        />
      </div>
      <Button type="submit">Verify</Button>
      {error ? (
        <p id="verify-error" role="alert" className="text-sm font-medium text-danger sm:col-span-3">
          {error}
        </p>
      ) : null}
    </form>
  );
}
