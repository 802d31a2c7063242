import type { EmblaCarouselType } from "embla-carousel";
import type { AutoplayType } from "embla-carousel-autoplay";
import { useEffect, useState } from "react";
import { SpriteIcon } from "~/components/sprite-icon";
import { Stars } from "~/components/stars";
import type { Testimonial } from "~/features/content/testimonials.server";
import { useT } from "~/lib/i18n/react";

/**
 * The seed site's carousel settings: loop, 1 slide (2 from 768 px, 3 from 1024 px, set by the
 * slide widths below), 20 px spacing, autoplay every 3000 ms. Embla's `duration` is not in
 * milliseconds: 20 gives a scroll of roughly the 300 ms the old site used.
 */
export const carouselSettings = { loop: true, delayMs: 3000, duration: 20, spacingPx: 20 };

type Carousel = { embla: EmblaCarouselType; autoplay: AutoplayType };

/**
 * Embla, loaded when the carousel comes within 300 px of the viewport (the code is not part of
 * the home page's first visit) and started on the server-rendered slides, which read as a
 * plain list until then and without JavaScript.
 */
function useCarouselNearViewport() {
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [carousel, setCarousel] = useState<Carousel | null>(null);

  useEffect(() => {
    if (!viewport) return;
    let started: EmblaCarouselType | undefined;
    let gone = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        Promise.all([import("embla-carousel"), import("embla-carousel-autoplay")]).then(
          ([{ default: EmblaCarousel }, { default: Autoplay }]) => {
            if (gone) return;
            // The plugin's own hover, focus and swipe handling would restart autoplay whatever
            // the visitor chose, so it is switched off and play/stop is driven from the section.
            const autoplay = Autoplay({
              delay: carouselSettings.delayMs,
              playOnInit: false,
              stopOnInteraction: true,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
            });
            started = EmblaCarousel(
              viewport,
              { loop: carouselSettings.loop, align: "start", duration: carouselSettings.duration },
              [autoplay],
            );
            setCarousel({ embla: started, autoplay });
          },
          // Offline or a failed deploy: the slides stay a list the visitor can read.
          () => undefined,
        );
      },
      { rootMargin: "300px" },
    );
    observer.observe(viewport);
    return () => {
      gone = true;
      observer.disconnect();
      started?.destroy();
    };
  }, [viewport]);

  return [setViewport, carousel] as const;
}

export function TestimonialCarousel({ items }: { items: Testimonial[] }) {
  const t = useT("common");
  const [viewportRef, carousel] = useCarouselNearViewport();
  const embla = carousel?.embla;
  // What the Pause/Play button shows: off until we know the visitor has not asked for reduced motion.
  const [wantsPlay, setWantsPlay] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const playing = wantsPlay && !hovered && !focused;

  useEffect(() => {
    setWantsPlay(!window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }, []);

  useEffect(() => {
    if (!carousel) return;
    const { embla, autoplay } = carousel;
    if (!playing) {
      autoplay.stop();
      return;
    }
    autoplay.play();
    // The plugin stops on every swipe and on every re-initialisation (a resize); carry on after.
    const resume = () => autoplay.play();
    embla.on("pointerUp", resume).on("reInit", resume);
    return () => {
      embla.off("pointerUp", resume).off("reInit", resume);
    };
  }, [carousel, playing]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("Customer testimonials")}
      className="relative"
      data-testid="testimonial-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      // Keyboard focus anywhere in the section (its buttons too) holds it. Focus left on a button
      // by a mouse click does not: the pointer already holds it while it is over the section.
      onFocus={(event) => setFocused(event.target.matches(":focus-visible"))}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      {/* relative: the slides' screen-reader-only texts (position: absolute) are clipped too. */}
      <div className="relative overflow-hidden" ref={viewportRef}>
        <div className="-ml-5 flex touch-pan-y" aria-live={playing ? "off" : "polite"}>
          {items.map((item, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names slides as groups
            <div
              key={item.id}
              role="group"
              aria-roledescription="slide"
              aria-label={t("{position} of {total}", {
                position: String(index + 1),
                total: String(items.length),
              })}
              className="min-w-0 shrink-0 grow-0 basis-full pl-5 md:basis-1/2 lg:basis-1/3"
              data-testid="testimonial-slide"
            >
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <Stars rating={item.rating} />
                <blockquote className="mt-4 flex-1 text-slate-700" lang="en">
                  “{item.quote}”
                </blockquote>
                <figcaption className="mt-5" translate="no">
                  <span className="block font-semibold text-slate-900">{item.name}</span>
                  <span className="text-sm text-slate-600">{item.city}</span>
                </figcaption>
              </figure>
            </div>
          ))}
        </div>
      </div>
      <div className="mt-6 flex items-center justify-center gap-2">
        <button
          type="button"
          className="btn-outline size-11 rounded-full p-0"
          // Usable once the carousel's code has loaded (never without JavaScript).
          disabled={!carousel}
          onClick={() => embla?.scrollPrev()}
          aria-label={t("Previous testimonial")}
        >
          <SpriteIcon name="chevron-left" className="size-5" />
        </button>
        <button
          type="button"
          className="btn-outline size-11 rounded-full p-0"
          disabled={!carousel}
          onClick={() => setWantsPlay(!wantsPlay)}
          aria-label={wantsPlay ? t("Pause automatic scrolling") : t("Start automatic scrolling")}
        >
          {wantsPlay ? (
            <SpriteIcon name="pause" className="size-5" />
          ) : (
            <SpriteIcon name="play" className="size-5" />
          )}
        </button>
        <button
          type="button"
          className="btn-outline size-11 rounded-full p-0"
          disabled={!carousel}
          onClick={() => embla?.scrollNext()}
          aria-label={t("Next testimonial")}
        >
          <SpriteIcon name="chevron-right" className="size-5" />
        </button>
      </div>
    </section>
  );
}
