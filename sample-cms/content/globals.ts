import { image } from './assets.ts';
import { rowId } from './ids.ts';
import { L } from './model.ts';
import type { FieldValue } from './model.ts';

// Global sets, localized per site: organisation details, contact details, social links, the taglines
// the header rotates through, and the notice above the header (none in the sample content; an editor
// sets it through the admin route: a Group of `text`, `kind` (info or warning), `link`, `link_label`,
// `from` and `until`).

export interface GlobalSetDef {
  handle: string;
  title: string;
  data: Record<string, FieldValue>;
}

/** A select option as Statamic's API gives it: `{value, label, key}`. */
const option = (value: string, label: string): FieldValue => ({ value, label, key: value });

const socialLink = (platform: string, label: string, url: string): FieldValue => ({
  platform: option(platform, label),
  url,
  id: rowId(`social:${platform}`),
});

export const GLOBAL_SETS: readonly GlobalSetDef[] = [
  {
    handle: 'settings',
    title: 'Settings',
    data: {
      organisation_name: L('Bureau Architectenregister', "Architects' Register Office"),
      site_name: L('Architectenregister', "Architects' Register"),
      taglines: [
        L('Beschermt de titel architect', 'Protecting the title architect'),
        L('Het register van ruim 14.000 ontwerpers', 'The register of more than 14,000 designers'),
        L('Controleer wie u inhuurt', 'Check who you hire'),
        L('Onafhankelijk sinds 1988', 'Independent since 1988'),
      ],
      footer_text: L(
        '<p>Het Bureau Architectenregister voert de Wet op de architectentitel uit.</p>',
        "<p>The Architects' Register Office carries out the Architects' Title Act.</p>",
      ),
      social_links: [
        socialLink('linkedin', 'LinkedIn', 'https://www.linkedin.com/company/architectenregister'),
        socialLink('instagram', 'Instagram', 'https://www.instagram.com/architectenregister'),
        socialLink('youtube', 'YouTube', 'https://www.youtube.com/@architectenregister'),
      ],
      notice: null,
      default_og_image: image(
        'og/architectenregister',
        L('Logo van het Architectenregister', "Architects' Register logo"),
      ),
    },
  },
  {
    handle: 'contact',
    title: 'Contact',
    data: {
      organisation_name: L('Bureau Architectenregister', "Architects' Register Office"),
      street_address: 'Koningskade 30',
      postal_code: '2596 AA',
      city: L('Den Haag', 'The Hague'),
      country: L('Nederland', 'The Netherlands'),
      postal_address: L('Postbus 30120, 2500 GC Den Haag', 'PO Box 30120, 2500 GC The Hague, the Netherlands'),
      phone: '+31 70 123 45 67',
      email: 'info@architectenregister.nl',
      opening_hours: L('Maandag tot en met vrijdag, 9.00 tot 12.30 uur', 'Monday to Friday, 9:00 to 12:30'),
      chamber_of_commerce: '27654321',
    },
  },
];
