import { useEffect, useRef, useState } from "react";
import { SpriteIcon } from "~/components/sprite-icon";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useT } from "~/lib/i18n/react";

/** YouTube's privacy-enhanced player: the only frame the store's CSP allows (server/app.ts). */
export const VIDEO_EMBED_ORIGIN = "https://www.youtube-nocookie.com";

export const videoEmbedSrc = (videoId: string) =>
  `${VIDEO_EMBED_ORIGIN}/embed/${encodeURIComponent(videoId)}?autoplay=1`;

export const videoWatchUrl = (videoId: string) =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/**
 * A video that loads nothing from another site until the visitor asks for it: a poster drawn by
 * CSS (no thumbnail from YouTube's image servers), with a real button that swaps itself for the
 * privacy-enhanced player. Without JavaScript the button cannot work, so the poster is only a
 * picture and the caption's plain link opens the video on YouTube (a link loads nothing here).
 */
export function VideoEmbed({ videoId, title }: { videoId: string; title: string }) {
  const scripted = useHydrated();
  const t = useT("common");
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);

  // The button is gone once pressed: the keyboard carries on in the player.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  const poster = (
    <>
      <span className="video-play" aria-hidden="true">
        <SpriteIcon name="play" className="size-7 translate-x-0.5" filled />
      </span>
      <span className="video-title">{title}</span>
    </>
  );

  return (
    <figure className="video">
      <div className="video-frame">
        {playing ? (
          <iframe
            ref={frame}
            src={videoEmbedSrc(videoId)}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 size-full"
          />
        ) : scripted ? (
          <button
            type="button"
            className="video-poster"
            aria-label={t("Play video: {title}", { title })}
            onClick={() => setPlaying(true)}
          >
            {poster}
          </button>
        ) : (
          <div className="video-poster">{poster}</div>
        )}
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-x-4 text-sm text-slate-600">
        <span>{t("Video from YouTube. Nothing loads from YouTube until you press play.")}</span>
        <a
          href={videoWatchUrl(videoId)}
          aria-label={t("Watch on YouTube: {title}", { title })}
          className="inline-flex min-h-11 items-center gap-1.5 font-medium text-brand-700 underline"
        >
          <SpriteIcon name="youtube" className="size-4" />
          {t("Watch on YouTube")}
        </a>
      </figcaption>
    </figure>
  );
}
