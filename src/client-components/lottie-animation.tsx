'use client';

import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { LottieHandle, LottieState } from 'lottie-react';
import { ErrorBoundary } from './error-boundary.tsx';
import { useNearViewport } from './use-near-viewport.ts';

// A Lottie animation (docs/specification.md section 1). lottie-web is large, so it is a chunk of its
// own, requested with the animation's file only once the animation comes near the viewport: a page whose
// animation is further down loads and draws without it. The light build draws SVG and has no expression
// engine, so a file from the CMS never gets code evaluated on the page.

/** How finely the player draws curves: the segments of each curve it measures (trim paths, dashes). */
const ANIMATION_CURVE_SEGMENTS = 150;

const LottieLight = lazy(() =>
  import('lottie-react').then(({ configureLottie, LottieLight: player }) => {
    // Set rather than left to the engine, whose default another version of lottie-web may change.
    configureLottie({ quality: ANIMATION_CURVE_SEGMENTS });
    return { default: player };
  }),
);

export interface LottieAnimationProps {
  /** URL of a Lottie JSON file, fetched by the browser. Exactly one of this and `animationData`. */
  animationLink?: string;
  /** The parsed Lottie JSON. Exactly one of this and `animationLink`. */
  animationData?: object | undefined;
  loop?: boolean;
  autoplay?: boolean;
  /** Playback rate, where 1 is the animation's own; must be greater than 0. */
  speed?: number;
  /** What the animation shows, for people who cannot see it. */
  label: string;
  /** Labels of the play/pause button (translated by the server component that renders this). */
  playLabel?: string;
  pauseLabel?: string;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const subscribeToReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;
/** Unknown on the server and while hydrating: the animation only ever starts in the browser. */
const reducedMotionOnServer = () => null;

const given = (value: unknown) => value !== undefined && value !== null;

const isAnimation = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The animation's JSON once it is needed: the inline data, or the linked file once the browser has fetched it. */
const useAnimationData = (
  animationLink: string | undefined,
  animationData: object | undefined,
  needed: boolean,
): object | null => {
  const [fetched, setFetched] = useState<{ link: string; data: object } | null>(null);
  useEffect(() => {
    if (animationLink === undefined || !needed) return;
    const controller = new AbortController();
    fetch(animationLink, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        const data: unknown = await response.json();
        if (!isAnimation(data)) throw new Error('the file is not a Lottie animation');
        setFetched({ link: animationLink, data });
      })
      .catch((error: unknown) => {
        // The box keeps its size and its label; a missing animation is not worth more than a console line.
        if (!controller.signal.aborted) console.error(`The animation ${animationLink} could not be loaded:`, error);
      });
    return () => controller.abort();
  }, [animationLink, needed]);
  if (!needed) return null;
  if (animationData !== undefined) return animationData;
  return fetched !== null && fetched.link === animationLink ? fetched.data : null;
};

export const LottieAnimation = ({
  animationLink,
  animationData,
  loop = true,
  autoplay = true,
  speed = 1,
  label,
  playLabel,
  pauseLabel,
}: LottieAnimationProps) => {
  if (given(animationLink) === given(animationData)) {
    throw new Error('You must provide either animationLink or animationData');
  }
  if (typeof speed !== 'number' || !(speed > 0) || !Number.isFinite(speed)) {
    throw new Error(`The animation speed must be a number greater than 0 (got ${String(speed)})`);
  }

  const stage = useRef<HTMLDivElement>(null);
  const data = useAnimationData(animationLink ?? undefined, animationData ?? undefined, useNearViewport(stage));
  const reducedMotion = useSyncExternalStore(subscribeToReducedMotion, prefersReducedMotion, reducedMotionOnServer);
  const handle = useRef<LottieHandle>(null);
  const [state, setState] = useState<LottieState>('loading');
  const finished = useRef(false);

  // With reduced motion nothing starts by itself: the first frame shows until the visitor presses play.
  const startsPlaying = autoplay && reducedMotion === false;

  const toggle = () => {
    const animation = handle.current;
    if (!animation) return;
    if (state === 'playing') return animation.pause();
    // A finished animation that does not loop starts again from its first frame.
    if (finished.current) animation.stop();
    finished.current = false;
    animation.play();
  };

  const ready = state === 'playing' || state === 'paused' || state === 'stopped';
  return (
    <div className="lottie-animation">
      {/* A fixed aspect ratio: nothing moves when the engine and the file arrive. */}
      {/* The settings and the player's state, readable from outside (tests, support). */}
      <div
        ref={stage}
        className="lottie-animation__stage"
        role="img"
        aria-label={label}
        data-loop={loop}
        data-autoplay={autoplay}
        data-speed={speed}
        data-state={state}
      >
        {data !== null && reducedMotion !== null ? (
          <ErrorBoundary fallback={null}>
            <Suspense fallback={null}>
              <LottieLight
                // A change of the motion preference loads the animation again with the matching autoplay.
                key={startsPlaying ? 'moving' : 'still'}
                className="lottie-animation__display"
                src={data}
                loop={loop}
                autoplay={startsPlaying}
                speed={speed}
                lottieRef={handle}
                subscriptions={{
                  newState: ({ state: next }) => setState(next),
                  complete: () => {
                    finished.current = true;
                  },
                }}
              />
            </Suspense>
          </ErrorBoundary>
        ) : null}
      </div>
      {/* WCAG 2.2.2: whatever moves by itself for more than five seconds can be paused. */}
      {ready && playLabel && pauseLabel ? (
        <button type="button" className="lottie-animation__toggle" onClick={toggle}>
          {state === 'playing' ? pauseLabel : playLabel}
        </button>
      ) : null}
    </div>
  );
};
