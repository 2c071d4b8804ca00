import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';

// The stylesheets client libraries insert as <style> elements while a page runs, as hash sources of the
// Content Security Policy's style-src (server/security/content-security-policy.ts), which allows no
// 'unsafe-inline'. lottie-react renders its defaults as React 19 style resources (`<style href
// precedence>`); rendering its player here, as the site's animation block does, yields the same elements
// with the same text, so a new version of the library brings its own hashes with the next build.

const STYLE_ELEMENT = /<style\b[^>]*>([^<]*)<\/style>/g;

export const libraryStyleHashes = async (): Promise<string[]> => {
  const { LottieLight } = await import('lottie-react');
  const html = renderToString(createElement(LottieLight, { src: {}, className: 'lottie-animation__display' }));
  const texts = [...html.matchAll(STYLE_ELEMENT)].map(([, text]) => text!);
  if (texts.length === 0) throw new Error('lottie-react rendered no stylesheet: the style hashes cannot be made');
  return texts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
};
