import { EntryLinkRef, PublicUrlRef } from './model.ts';
import type { AssetRef, Bilingual, FieldValue } from './model.ts';

// Page-builder sets (the `components` replicator). The site renders exactly these types and fields;
// the store puts each set's fields in this order and appends `id` and `type`, as Statamic's Replicator does.

export const SET_FIELDS = {
  text: ['heading', 'text'],
  text_image: ['heading', 'text', 'image', 'image_position'],
  image: ['image', 'caption'],
  quote: ['quote', 'author'],
  accordion: ['heading', 'items'],
  cards: ['heading', 'items'],
  call_to_action: ['heading', 'text', 'button_label', 'button_url'],
  collection_list: ['heading', 'collection', 'limit', 'filters'],
  team: ['heading'],
  downloads: ['heading', 'files'],
  key_figures: ['items'],
  animation: ['heading', 'animation_link', 'animation_data', 'loop', 'autoplay', 'speed'],
  form: ['heading', 'form'],
} as const satisfies Record<string, readonly string[]>;

export type ComponentType = keyof typeof SET_FIELDS;

/** Grid fields inside sets: each row gets a row id, as Statamic's Grid does. */
export const GRID_FIELDS: Partial<Record<ComponentType, readonly string[]>> = {
  accordion: ['items'],
  cards: ['items'],
  key_figures: ['items'],
};

export type Component = { readonly type: ComponentType } & { readonly [field: string]: FieldValue };

type Text = Bilingual<string>;

/** A link to another entry by key; it becomes that entry's URL in the reading site. */
export const link = (key: string): EntryLinkRef => new EntryLinkRef(key);

export const text = (heading: Text | null, html: Text): Component => ({ type: 'text', heading, text: html });

export const textImage = (
  heading: Text | null,
  html: Text,
  image: AssetRef,
  imagePosition: 'left' | 'right',
): Component => ({ type: 'text_image', heading, text: html, image, image_position: imagePosition });

export const imageBlock = (image: AssetRef, caption: Text | null): Component => ({ type: 'image', image, caption });

export const quote = (quoteText: Text, author: Text | string): Component => ({
  type: 'quote',
  quote: quoteText,
  author,
});

export const accordion = (heading: Text | null, items: readonly { question: Text; answer: Text }[]): Component => ({
  type: 'accordion',
  heading,
  items: items.map(({ question, answer }) => ({ question, answer })),
});

export const cards = (
  heading: Text | null,
  items: readonly { title: Text; text: Text; to: string; image: AssetRef | null }[],
): Component => ({
  type: 'cards',
  heading,
  items: items.map(({ title, text: body, to, image }) => ({ title, text: body, url: link(to), image })),
});

export const callToAction = (heading: Text, body: Text | null, buttonLabel: Text, to: string): Component => ({
  type: 'call_to_action',
  heading,
  text: body,
  button_label: buttonLabel,
  button_url: link(to),
});

export type ListedCollection = 'actualities' | 'events' | 'courses' | 'vacancies' | 'publications';

/** `filters`: the list offers its filter form (search text and terms), for the lists' own pages. */
export const collectionList = (
  heading: Text | null,
  collection: ListedCollection,
  limit: number,
  filters = false,
): Component => ({
  type: 'collection_list',
  heading,
  collection,
  limit,
  filters,
});

export const team = (heading: Text | null): Component => ({ type: 'team', heading });

export const downloads = (heading: Text | null, files: readonly AssetRef[]): Component => ({
  type: 'downloads',
  heading,
  files: [...files],
});

export const keyFigures = (items: readonly { value: Text | string; label: Text }[]): Component => ({
  type: 'key_figures',
  items: items.map(({ value, label }) => ({ value, label })),
});

interface Playback {
  loop?: boolean;
  autoplay?: boolean;
  speed?: number;
}

/** An animation by link: the absolute URL of a Lottie file the service serves. */
export const animationByLink = (heading: Text | null, path: string, playback: Playback = {}): Component => ({
  type: 'animation',
  heading,
  animation_link: new PublicUrlRef(`/assets/${path}`),
  animation_data: null,
  loop: playback.loop ?? true,
  autoplay: playback.autoplay ?? true,
  speed: playback.speed ?? 1,
});

/** An animation by inline data: the Lottie object itself. */
export const animationInline = (heading: Text | null, data: FieldValue, playback: Playback = {}): Component => ({
  type: 'animation',
  heading,
  animation_link: null,
  animation_data: data,
  loop: playback.loop ?? true,
  autoplay: playback.autoplay ?? true,
  speed: playback.speed ?? 1,
});

/** A Statamic form, as the `form` fieldtype gives it: its handle and title. */
export const formBlock = (heading: Text | null, handle: string, title: string): Component => ({
  type: 'form',
  heading,
  form: { handle, title },
});
