/** A page of each template of the sample content, by what it is: what the cold-page test and the bench view. */
export const TEMPLATE_PATHS = {
  home: '/',
  'content page': '/over-ons',
  'three levels deep': '/inschrijven/buitenlandse-architecten/erkenning-beroepskwalificaties',
  'english page': '/en/about-us',
  'news list': '/actualiteiten',
  'english news list': '/en/news',
  'news item': '/actualiteiten/register-telt-ruim-14-000-ingeschreven-ontwerpers',
  event: '/agenda/nieuwjaarsbijeenkomst-2027',
  'site search': '/zoeken?q=register',
  'architect search': '/vind-een-architect?searchTerm=de',
} as const;
