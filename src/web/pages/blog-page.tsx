import { paths } from "@shared/paths.ts";
import { PageHero } from "@web/components/layout/page-hero.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { BlogCard, BlogCardsSkeleton } from "@web/features/content/blog-card.tsx";
import { cn } from "@web/lib/cn.ts";
import { useBlogPosts } from "@web/lib/content.ts";
import { PageMeta } from "@web/lib/head.tsx";
import { useState } from "react";

const ALL = "All";

export default function BlogPage() {
  const { data: posts, isPending, isError } = useBlogPosts();
  const [category, setCategory] = useState(ALL);
  const categories = [ALL, ...new Set((posts ?? []).map((p) => p.category))];
  const shown = (posts ?? []).filter((p) => category === ALL || p.category === category);
  return (
    <>
      <PageMeta
        title="Blog: Care Guides and Warranty Advice"
        description="Practical guides to caring for hinges, wardrobes, laminates and modular kitchens, and plain-language advice on home interior warranties."
        path={paths.blog}
      />
      <PageHero
        eyebrow="Blog"
        title="Care guides and warranty advice"
        lead="Practical know-how from our field technicians and claims team: how to keep your interiors working, and how to get the most from your cover."
      />
      <Container className="py-14 md:py-16">
        <fieldset className="mb-10 flex flex-wrap gap-2">
          <legend className="sr-only">Filter by category</legend>
          {categories.map((c) => (
            <button
              key={c}
              type="button"
              aria-pressed={category === c}
              onClick={() => setCategory(c)}
              className={cn(
                "cursor-pointer rounded-full border px-4 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring",
                category === c
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-card text-foreground hover:border-primary hover:text-primary",
              )}
            >
              {c}
            </button>
          ))}
        </fieldset>
        {isPending ? <BlogCardsSkeleton count={6} /> : null}
        {isError ? (
          <p className="text-muted-foreground">Articles are unavailable right now. Please try again later.</p>
        ) : null}
        {/* the cards' titles are h3s: this keeps the outline h1, h2, h3 for screen reader users */}
        <h2 className="sr-only">Articles</h2>
        {posts ? (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-live="polite">
            {shown.map((p) => (
              <li key={p.id}>
                <BlogCard post={p} />
              </li>
            ))}
          </ul>
        ) : null}
      </Container>
    </>
  );
}
