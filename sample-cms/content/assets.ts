import { AssetRef } from './model.ts';
import type { Bilingual } from './model.ts';

// Asset references in the `assets` container. Images are JPEG photographs (generated illustrations) and
// documents are generated PDFs (see ../media/); the store registers every referenced asset so that only
// those are served.

export const ASSET_CONTAINER = 'assets';

type Alt = Bilingual<string> | string | null;

/** A photograph under `images/`, e.g. `image('hero/home', …)` → `images/hero/home.jpg`. */
export const image = (name: string, alt: Alt): AssetRef => new AssetRef(`images/${name}.jpg`, alt);

/** A downloadable PDF under `documents/`; its alt text is the document title printed in the file. */
export const document = (name: string, title: Alt): AssetRef => new AssetRef(`documents/${name}.pdf`, title);

/** The Lottie animation served as a file and referenced by link. */
export const LINKED_ANIMATION_PATH = 'animations/register-groei.json';
