import { formatDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { TransferOffer } from "@shared/schemas/transfer.ts";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Container } from "@web/components/layout/section.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { apiCall, errorMessage } from "@web/lib/api.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { useHashEmail, useHashToken } from "@web/lib/use-hash-token.ts";
import { useUser } from "@web/lib/use-user.ts";
import { ArrowRightLeft, BadgeCheck, CircleAlert, Clock, LogIn, UserPlus } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { Fact } from "./fact.tsx";

/**
 * /transfer#token=…: where the buyer's e-mail leads. A guest is asked to sign in or create
 * an account (and comes back here, link and all); a signed-in buyer sees the policy and
 * accepts it.
 */
export function TransferAccept() {
  const token = useHashToken();
  const { user, isLoading } = useUser();
  // the address carries '#token=…', which the site's frame reads as a section to keep in view:
  // a buyer coming back from sign-up would land scrolled down, so this page starts at the top.
  // In braces: Chromium's scrollTo returns a promise, and React would call an effect's returned
  // value as its clean-up when the page is left.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <Container className="grid min-h-[60vh] place-items-center py-10 md:py-14">
      <PageMeta
        title="Accept a warranty transfer"
        description="Accept the warranty of the home you bought."
        path={paths.transfer}
        noindex
      />
      <Card className="w-full max-w-lg p-6 sm:p-8">
        <p className="text-xs font-bold tracking-[0.18em] text-primary uppercase">Warranty transfer</p>
        {token === null || isLoading ? (
          <Skeleton className="mt-4 h-32" />
        ) : token === "" ? (
          <Problem message="This page needs the link from the transfer e-mail. Please open the whole link from the e-mail, or ask the seller to send it again." />
        ) : user ? (
          <Offer token={token} />
        ) : (
          <SignInFirst token={token} />
        )}
      </Card>
    </Container>
  );
}

function SignInFirst({ token }: { token: string }) {
  const next = encodeURIComponent(`${paths.transfer}#token=${token}`);
  // the invited address goes on to the sign-up after its '#', which fills it in
  const email = useHashEmail();
  const invited = email ? `#email=${encodeURIComponent(email)}` : "";
  return (
    <>
      <h1 className="mt-2 font-display text-2xl font-bold sm:text-3xl">A home warranty is waiting for you</h1>
      <p className="mt-3 text-muted-foreground">
        To accept it, create an account or log in with the e-mail address the invitation was sent to. You will
        come straight back here.
      </p>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button asChild>
          <Link href={`${paths.auth}?tab=register&next=${next}${invited}`}>
            <UserPlus aria-hidden="true" /> Create an account
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href={`${paths.auth}?next=${next}`}>
            <LogIn aria-hidden="true" /> Log in
          </Link>
        </Button>
      </div>
    </>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <div className="mt-4 flex items-start gap-3" role="alert">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-danger" />
      <div>
        <p className="font-medium">{message}</p>
        <p className="mt-3 text-sm">
          <Link href={paths.dashboard} className="font-semibold text-primary hover:underline">
            Go to your dashboard
          </Link>
        </p>
      </div>
    </div>
  );
}

function Offer({ token }: { token: string }) {
  const offer = useQuery({
    queryKey: ["transfer-offer", token],
    queryFn: () => apiCall("POST /api/transfers/offer", { body: { token } }),
  });
  const accept = useMutation({
    mutationFn: () => apiCall("POST /api/transfers/accept", { body: { token } }),
    // the link is spent: take it out of the address bar and the history
    onSuccess: () => window.history.replaceState(null, "", paths.transfer),
  });
  if (offer.isPending) {
    return (
      <LoadingRegion label="Opening the transfer..." className="mt-4">
        <Skeleton className="h-40" />
      </LoadingRegion>
    );
  }
  if (offer.isError)
    return <Problem message={errorMessage(offer.error, "This transfer link could not be opened.")} />;
  const o: TransferOffer = accept.data ?? offer.data;
  if (o.status === "completed") {
    return (
      <Outcome icon={BadgeCheck} title="The warranty is now yours">
        The {o.planName} Plan policy {o.policyNumber} of the home in {o.city} is in your name, covered to{" "}
        {formatDate(o.endDate)}. Its certificate has been reissued to you.
      </Outcome>
    );
  }
  if (o.status === "accepted") {
    return (
      <Outcome icon={Clock} title="Thank you: our team is checking the transfer">
        We will e-mail you and the seller once the {o.planName} Plan policy {o.policyNumber} is approved,
        usually within one working day. It then appears on your dashboard.
      </Outcome>
    );
  }
  return (
    <>
      <h1 className="mt-2 font-display text-2xl font-bold sm:text-3xl">
        {o.sellerFirstName} is transferring a home warranty to you
      </h1>
      <dl className="mt-5 grid gap-4 rounded-lg border p-4 sm:grid-cols-2">
        <Fact label="Plan">{o.planName} Plan</Fact>
        <Fact label="Policy number">
          <span className="font-mono">{o.policyNumber}</span>
        </Fact>
        <Fact label="Home in">{o.city}</Fact>
        <Fact label="Cover until">{formatDate(o.endDate)}</Fact>
      </dl>
      <p className="mt-4 text-sm text-muted-foreground">
        {o.needsApproval
          ? "Once you accept, our team checks the transfer (usually within one working day) and the policy moves to your name with the same end date."
          : "Once you accept, the policy moves to your name at once, with the same end date."}{" "}
        This link works until {formatDate(o.expiresAt)}.
      </p>
      {accept.isError ? (
        <Problem message={errorMessage(accept.error, "Could not accept the transfer.")} />
      ) : null}
      <Button className="mt-6 w-full" size="lg" disabled={accept.isPending} onClick={() => accept.mutate()}>
        <BusyLabel busy={accept.isPending} icon={<ArrowRightLeft aria-hidden="true" />}>
          Accept the warranty
        </BusyLabel>
      </Button>
    </>
  );
}

function Outcome({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof BadgeCheck;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mt-3" role="status">
      <h1 className="flex items-start gap-2 font-display text-2xl font-bold sm:text-3xl">
        <Icon aria-hidden="true" className="mt-1 size-7 shrink-0 text-primary" /> {title}
      </h1>
      <p className="mt-3 text-muted-foreground">{children}</p>
      <Button asChild className="mt-6 w-full">
        <Link href={paths.dashboard}>Go to your dashboard</Link>
      </Button>
    </div>
  );
}
