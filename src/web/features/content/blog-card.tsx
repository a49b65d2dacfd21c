import { formatDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import type { BlogPostSummary } from "@shared/schemas/content.ts";
import { Badge } from "@web/components/ui/badge.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { ArrowRight, CalendarDays } from "lucide-react";
import { Link } from "wouter";

export function BlogCard({ post, showExcerpt = true }: { post: BlogPostSummary; showExcerpt?: boolean }) {
  const href = paths.blogPost(post.slug);
  return (
    <Card className="group flex h-full flex-col overflow-hidden transition-shadow hover:shadow-lg">
      <Link href={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden bg-muted">
        <img
          src={post.coverImage}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-[16/9] w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      </Link>
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
          <Badge>{post.category}</Badge>
          <span className="inline-flex items-center gap-1">
            <CalendarDays aria-hidden="true" className="size-3.5" />
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          </span>
        </div>
        <h3 className="mt-4 text-lg leading-snug font-bold text-balance">
          <Link href={href} className="hover:text-primary">
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{post.summary}</p>
        {showExcerpt ? (
          <p
            className="mt-3 line-clamp-3 text-sm leading-relaxed text-muted-foreground/90"
            data-testid="blog-excerpt"
          >
            {post.excerpt}
          </p>
        ) : null}
        {/* the title is part of the link's text, not only its aria-label: search engines read
            the text, and "Read More" alone says nothing about where the link goes */}
        <Link
          href={href}
          className="mt-auto inline-flex items-center gap-1.5 pt-5 text-sm font-semibold text-primary hover:underline"
        >
          Read More<span className="sr-only">: {post.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </Card>
  );
}

export function BlogCardsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <LoadingRegion label="Loading articles" className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Card key={i} className="overflow-hidden">
          <Skeleton className="aspect-[16/9] w-full rounded-none" />
          <div className="p-6">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="mt-4 h-6 w-5/6" />
            <Skeleton className="mt-3 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-2/3" />
          </div>
        </Card>
      ))}
    </LoadingRegion>
  );
}
