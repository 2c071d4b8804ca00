'use client';

import { lazy, Suspense, useEffect, useState } from 'react';
import type { ComponentType } from 'react';

// lottie-web is large: it loads as a chunk of its own, only on pages that show an animation. The light
// build has no expression engine, so it never evaluates code from an animation file.
const LottieLight = lazy(() =>
  import('lottie-react').then((module) => ({
    default: module.LottieLight as unknown as ComponentType<{ src: string | object; loop: boolean; autoplay: boolean; speed: number }>,
  })),
);

export interface LottieAnimationProps {
  animationLink?: string;
  animationData?: object;
  loop?: boolean;
  autoplay?: boolean;
  speed?: number;
  label: string;
}

export const LottieAnimation = ({ animationLink, animationData, loop = true, autoplay = true, speed = 1, label }: LottieAnimationProps) => {
  if ((animationLink === undefined) === (animationData === undefined)) {
    throw new Error('You must provide either animationLink or animationData');
  }
  if (!(speed > 0)) throw new Error(`The animation speed must be greater than 0 (got ${speed})`);

  // Rendered in the browser only: the animation needs the DOM, and reduced motion is a browser setting.
  const [reducedMotion, setReducedMotion] = useState<boolean | null>(null);
  useEffect(() => setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches), []);

  return (
    <div className="lottie-animation" role="img" aria-label={label}>
      {reducedMotion === null ? null : (
        <Suspense fallback={null}>
          <LottieLight src={animationLink ?? animationData ?? {}} loop={loop} autoplay={autoplay && !reducedMotion} speed={speed} />
        </Suspense>
      )}
    </div>
  );
};
