import { formatDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { NotFoundState } from "@web/components/layout/not-found.tsx";
import { throwUnlessNotFound } from "@web/components/layout/page-error.tsx";
import { RichHtml } from "@web/components/layout/rich-html.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { useBlogPost } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import type { PageProps } from "@web/lib/lazy-page.tsx";
import { blogPostingLd, breadcrumbLd } from "@web/seo/json-ld.ts";
import { ArrowLeft, CalendarDays, UserRound } from "lucide-react";
import { Link } from "wouter";

export default function BlogPostPage({ params }: PageProps) {
  const path = paths.blogPost(params.slug);
  const { data: post, isPending, error } = useBlogPost(params.slug);
  if (isPending) return <PostSkeleton />;
  if (error || !post) {
    throwUnlessNotFound(error);
    return (
      <NotFoundState
        title="Blog post not found"
        message="The blog post you're looking for doesn't exist or has been removed."
        path={path}
        backHref={paths.blog}
        backLabel="Back to Blog"
      />
    );
  }
  return (
    <article>
      <PageMeta
        title={post.title}
        description={post.summary}
        path={path}
        type="article"
        image={post.coverImage}
        jsonLd={
          import.meta.env.SSR
            ? [
                blogPostingLd(post, path),
                breadcrumbLd([
                  { name: "Home", path: "/" },
                  { name: "Blog", path: paths.blog },
                  { name: post.title, path },
                ]),
              ]
            : undefined
        }
      />
      <header className="border-b bg-muted/50">
        <Container className="max-w-4xl py-10 md:py-14">
          <Link
            href={paths.blog}
            className="inline-flex items-center gap-1.5 text-sm font-semibold text-primary hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" /> All articles
          </Link>
          <div className="mt-6 flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
            <Badge>{post.category}</Badge>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="size-4" />
              {post.author}
            </span>
          </div>
          <h1 className="mt-5 font-display text-3xl leading-tight font-bold tracking-tight text-balance md:text-5xl">
            {post.title}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground md:text-xl">{post.summary}</p>
        </Container>
      </header>
      <Container className="max-w-4xl py-10">
        <img
          src={post.coverImage}
          alt=""
          width={1200}
          height={630}
          className="aspect-[1200/630] w-full rounded-2xl border object-cover"
        />
        <RichHtml html={post.content} className="mx-auto mt-10 max-w-3xl text-[1.05rem]" />
        <aside
          aria-labelledby="post-cta"
          className="mx-auto mt-14 max-w-3xl rounded-2xl bg-hero p-7 text-hero-foreground md:p-9"
        >
          <h2 id="post-cta" className="font-display text-2xl font-bold">
            Protect your interiors for up to 10 years
          </h2>
          <p className="mt-2 text-white/80">
            Homeowner plans from ₹24,999, white-label partnerships for interior businesses, and a team that
            answers.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button asChild variant="accent">
              <Link href={paths.b2c}>B2C Policies</Link>
            </Button>
            <Button asChild variant="onDark">
              <Link href={paths.b2b}>B2B Solutions</Link>
            </Button>
            <Button asChild variant="onDark">
              <Link href={paths.contact}>Contact Us</Link>
            </Button>
          </div>
        </aside>
      </Container>
    </article>
  );
}

function PostSkeleton() {
  return (
    <Container className="max-w-4xl py-14" role="status">
      <span className="sr-only">Loading article</span>
      <Skeleton className="h-5 w-40" />
      <Skeleton className="mt-6 h-12 w-full" />
      <Skeleton className="mt-3 h-12 w-2/3" />
      <Skeleton className="mt-10 aspect-[1200/630] w-full rounded-2xl" />
    </Container>
  );
}
