import { paths } from "@shared/paths.ts";
import type { RatingLink } from "@shared/schemas/rating.ts";
import { RATING_WORDS } from "@shared/schemas/rating.ts";
import { useQuery } from "@tanstack/react-query";
import { Container } from "@web/components/layout/section.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { ratingLinkOf, ratingLinkQuery, useRateWithLink } from "@web/features/ratings/api.ts";
import { RatingForm, RatingSummary } from "@web/features/ratings/rating-form.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { CircleAlert, CircleCheck, Star } from "lucide-react";
import { Link, useSearch } from "wouter";

/**
 * Where a "resolved" e-mail's score links lead: the chosen score already selected, an
 * optional comment, and a button that records it. Opening the link records nothing (mail
 * scanners open every link); no sign-in is needed, the link's signature is the proof.
 */
export default function RatePage() {
  const search = new URLSearchParams(useSearch());
  const link = ratingLinkOf(search);
  const score = Number(search.get("score")) || undefined;
  return (
    <Container className="grid min-h-[60vh] place-items-center py-8 md:py-12">
      <PageMeta
        title="Rate our service"
        description="Tell us how we resolved your support ticket."
        path={paths.rate}
        noindex
      />
      <Card className="w-full max-w-lg p-5 sm:p-8">
        <h1 className="flex items-center gap-2 font-display text-2xl font-bold">
          <Star aria-hidden="true" className="size-6 fill-amber-400 text-amber-500" /> Rate our service
        </h1>
        {link ? (
          <RateWithLink link={link} score={score} />
        ) : (
          <Problem message="This rating link is not valid. Please rate from your ticket page instead." />
        )}
      </Card>
    </Container>
  );
}

function RateWithLink({ link, score }: { link: RatingLink; score?: number }) {
  const state = useQuery(ratingLinkQuery(link));
  const rate = useRateWithLink(link);
  if (state.isPending) {
    return (
      <LoadingRegion label="Loading your ticket..." className="mt-6 grid gap-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-16" />
        <Skeleton className="h-20" />
      </LoadingRegion>
    );
  }
  if (state.isError)
    return (
      <Problem message={errorMessage(state.error, "This page could not be loaded. Please try again.")} />
    );
  const { ticketId, subject, rating } = state.data;
  return (
    <div className="mt-2 grid gap-5">
      <p className="text-sm text-muted-foreground">
        Ticket #{ticketId}: <span className="font-medium text-foreground">{subject}</span>
      </p>
      {rating ? (
        <div className="grid gap-4" role="status">
          <p className="flex items-center gap-2 font-semibold text-emerald-700 dark:text-emerald-300">
            <CircleCheck aria-hidden="true" className="size-5" />
            {rate.isSuccess
              ? `Thank you! You rated us ${rating.score} out of 5 (${RATING_WORDS[rating.score]}).`
              : "This resolution has already been rated. Thank you for your feedback."}
          </p>
          <RatingSummary rating={rating} />
          <SignInLink ticketId={ticketId} />
        </div>
      ) : (
        <RatingForm
          initialScore={score}
          pending={rate.isPending}
          error={rate.error}
          onSubmit={(r) => rate.mutate(r)}
        />
      )}
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <div className="mt-4 grid gap-4">
      <p role="alert" className="flex items-start gap-2 text-sm font-medium">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        {message}
      </p>
      <Button asChild variant="outline" className="justify-self-start">
        <Link href={paths.dashboard}>Go to your dashboard</Link>
      </Button>
    </div>
  );
}

function SignInLink({ ticketId }: { ticketId: number }) {
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link href={paths.ticket(ticketId)}>View your ticket</Link>
    </Button>
  );
}
