import { formatDate } from "@shared/format.ts";
import { RATING_COMMENT_MAX, RATING_SCORES, RATING_WORDS, type Rating } from "@shared/schemas/rating.ts";
import { Form } from "@web/components/forms/form.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Textarea } from "@web/components/ui/input.tsx";
import { ApiError } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { Loader2, Star } from "lucide-react";
import { useId, useState } from "react";

/** Five stars, the first `score` filled: how a given rating is shown to customers and staff. */
function RatingStars({ score, className }: { score: number; className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={`${score} out of 5`}
    >
      {RATING_SCORES.map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn("size-5", n <= score ? "fill-amber-400 text-amber-500" : "text-muted-foreground/40")}
        />
      ))}
    </span>
  );
}

/** A given rating: the stars, the word, when, and the comment. */
export function RatingSummary({ rating, className }: { rating: Rating; className?: string }) {
  return (
    <div className={cn("grid gap-2", className)} data-testid="rating-summary">
      <p className="flex flex-wrap items-center gap-2">
        <RatingStars score={rating.score} />
        <span className="font-semibold">
          {rating.score}/5 · {RATING_WORDS[rating.score]}
        </span>
        <span className="text-sm text-muted-foreground">
          on <time dateTime={rating.ratedAt}>{formatDate(rating.ratedAt)}</time>
        </span>
      </p>
      {rating.comment ? (
        <blockquote className="border-l-2 pl-3 text-sm whitespace-pre-line break-words text-muted-foreground">
          {rating.comment}
        </blockquote>
      ) : null}
    </div>
  );
}

/**
 * The score (five large targets, one tap each on a phone) and an optional comment. The
 * choice and the comment stay in the form when sending fails, so nothing typed is lost.
 */
export function RatingForm({
  initialScore,
  pending,
  error,
  onSubmit,
}: {
  initialScore?: number;
  pending: boolean;
  error: unknown;
  onSubmit: (rating: { score: number; comment?: string }) => void;
}) {
  const id = useId();
  const [score, setScore] = useState<number | null>(
    initialScore && initialScore >= 1 && initialScore <= 5 ? initialScore : null,
  );
  const [comment, setComment] = useState("");
  const [missing, setMissing] = useState(false);
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const scoreError = missing ? "Please choose a score from 1 to 5" : fieldErrors.score;
  const commentError =
    comment.length > RATING_COMMENT_MAX
      ? `Please keep the comment under ${RATING_COMMENT_MAX} characters`
      : fieldErrors.comment;
  const message =
    error instanceof ApiError && error.fromServer && !fieldErrors.score && !fieldErrors.comment
      ? error.message
      : error && !(error instanceof ApiError)
        ? "Your rating was not sent. Please check your connection and try again."
        : null;

  return (
    <Form
      noValidate
      className="grid gap-5"
      aria-label="Rate the resolution"
      onSubmit={(e) => {
        e.preventDefault();
        if (score === null) {
          setMissing(true);
          return;
        }
        if (comment.length > RATING_COMMENT_MAX) return;
        onSubmit({ score, comment: comment.trim() || undefined });
      }}
    >
      <fieldset className="grid gap-3" aria-describedby={scoreError ? `${id}-score-error` : undefined}>
        <legend className="text-sm font-medium">How happy are you with how this was resolved?</legend>
        <div className="grid grid-cols-5 gap-2">
          {RATING_SCORES.map((n) => (
            <label
              key={n}
              className={cn(
                "flex min-h-16 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 px-1 py-2 text-center text-xs font-medium transition-colors",
                "has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2",
                score !== null && n <= score
                  ? "border-amber-500 bg-amber-50 text-foreground dark:bg-amber-500/15"
                  : "border-border hover:border-amber-400",
              )}
            >
              <input
                type="radio"
                name={`${id}-score`}
                value={n}
                checked={score === n}
                onChange={() => {
                  setScore(n);
                  setMissing(false);
                }}
                className="sr-only"
              />
              <Star
                aria-hidden="true"
                className={cn(
                  "size-6",
                  score !== null && n <= score ? "fill-amber-400 text-amber-500" : "text-muted-foreground",
                )}
              />
              <span>
                <span className="block text-base font-bold">{n}</span>
                <span className="hidden sm:block">{RATING_WORDS[n]}</span>
                <span className="sr-only sm:hidden">{RATING_WORDS[n]}</span>
              </span>
            </label>
          ))}
        </div>
        {score !== null ? (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            You chose {score} out of 5: {RATING_WORDS[score]}.
          </p>
        ) : null}
        {scoreError ? (
          <p id={`${id}-score-error`} className="text-sm font-medium text-danger">
            {scoreError}
          </p>
        ) : null}
      </fieldset>
      <FormField
        id={`${id}-comment`}
        label="Anything you'd like to tell us?"
        optional
        error={commentError}
        hint={`Up to ${RATING_COMMENT_MAX} characters.`}
      >
        <Textarea
          {...fieldA11y(`${id}-comment`, { error: commentError, hint: true })}
          rows={3}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </FormField>
      {message ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {message}
        </p>
      ) : null}
      <Button type="submit" className="w-full sm:w-auto sm:justify-self-start" disabled={pending}>
        {pending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Star aria-hidden="true" />}
        Submit rating
      </Button>
    </Form>
  );
}
