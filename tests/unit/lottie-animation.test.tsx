import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LottieAnimation } from '../../src/client-components/lottie-animation.tsx';

// The rules of the animation component (docs/specification.md section 1), as the server renders it.

const DATA = { v: '5.7.0', fr: 30, ip: 0, op: 30, w: 100, h: 100, layers: [] };

describe('LottieAnimation', () => {
  it('needs exactly one of animationLink and animationData', () => {
    const message = 'You must provide either animationLink or animationData';
    expect(() => renderToString(<LottieAnimation label="Animatie" />)).toThrow(message);
    expect(() =>
      renderToString(<LottieAnimation label="Animatie" animationLink="/a.json" animationData={DATA} />),
    ).toThrow(message);
  });

  it('needs a speed greater than 0', () => {
    for (const speed of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => renderToString(<LottieAnimation label="Animatie" animationData={DATA} speed={speed} />)).toThrow(
        'greater than 0',
      );
    }
  });

  it('loops and plays by itself at speed 1 unless told otherwise', () => {
    const html = renderToString(<LottieAnimation label="Animatie" animationLink="/a.json" />);
    expect(html).toContain('data-loop="true"');
    expect(html).toContain('data-autoplay="true"');
    expect(html).toContain('data-speed="1"');
    const custom = renderToString(
      <LottieAnimation label="Animatie" animationData={DATA} loop={false} autoplay={false} speed={2.5} />,
    );
    expect(custom).toContain('data-loop="false"');
    expect(custom).toContain('data-autoplay="false"');
    expect(custom).toContain('data-speed="2.5"');
  });
});
