/** Pages of the sample content in both languages: what the bench and the soak load. */
export const CONTENT_PAGES = [
  '/',
  '/over-ons',
  '/inschrijven',
  '/actualiteiten',
  '/agenda',
  '/cursussen',
  '/publicaties',
  '/contact',
  '/veelgestelde-vragen',
  '/klachten',
  '/de-wet',
  '/en',
  '/en/about-us',
  '/en/registration',
  '/en/news',
  '/en/events',
  '/en/publications',
  '/en/contact',
  '/en/faq',
  '/en/complaints',
] as const;

/**
 * A page of each template of the sample content, by what it is: what the cold-page test and the bench view.
 * The entries are not the first of their lists, which a new process renders in its warm-up.
 */
export const TEMPLATE_PATHS = {
  home: '/',
  'content page': '/over-ons',
  'three levels deep': '/inschrijven/buitenlandse-architecten/erkenning-beroepskwalificaties',
  'english page': '/en/about-us',
  'news list': '/actualiteiten',
  'second page of a list': '/actualiteiten?pagina=2',
  'english news list': '/en/news',
  'news item': '/actualiteiten/nieuwe-tarieven-voor-inschrijving-in-2027',
  event: '/agenda/nieuwjaarsbijeenkomst-2027',
  'site search': '/zoeken?q=register',
  'architect search': '/vind-een-architect?searchTerm=de',
  registration: '/vind-een-architect/1.940125.001',
} as const;
