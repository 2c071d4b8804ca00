import { titleCheck } from '../media/lottie.ts';
import { document, image, LINKED_ANIMATION_PATH } from './assets.ts';
import {
  accordion,
  animationByLink,
  animationInline,
  callToAction,
  cards,
  collectionList,
  downloads,
  formBlock,
  imageBlock,
  keyFigures,
  link,
  quote,
  team,
  text,
  textImage,
} from './components.ts';
import type { Component } from './components.ts';
import { isoDate } from './ids.ts';
import { L } from './model.ts';
import type { AssetRef, Bilingual, EntrySeed, FieldValue } from './model.ts';
import { BOTH_SITES, entrySeed, metaFields } from './seed.ts';
import type { PageMeta } from './seed.ts';
import { ACCESSIBILITY_STATEMENT, PRIVACY_STATEMENT } from './statements.ts';

// The pages collection: a tree up to three levels deep under the home page, in Dutch and English with
// translated slugs. A page's key is its Dutch slug; `parent` names the parent page's key.

interface PageInput extends PageMeta {
  slug: Bilingual<string>;
  title: Bilingual<string>;
  parent?: string;
  published?: boolean;
  heroText?: Bilingual<string>;
  heroImage?: AssetRef;
  texts?: readonly Bilingual<string>[];
  /** Key of the entry this page redirects to. */
  redirectTo?: string;
  /** Address on another site this page redirects to. */
  redirectUrl?: string;
  components?: readonly Component[];
}

const UPDATED_AT = isoDate('2026-11-02', '09:00');

const page = (input: PageInput): EntrySeed => {
  const data: Record<string, FieldValue> = {
    title: input.title,
    ...metaFields(input),
    components: [...(input.components ?? [])],
  };
  if (input.heroText) data.hero_text = input.heroText;
  if (input.heroImage) data.hero_image = input.heroImage;
  if (input.texts) data.texts = [...input.texts];
  if (input.redirectTo) data.redirect = link(input.redirectTo);
  if (input.redirectUrl) data.redirect = input.redirectUrl;
  return entrySeed({
    key: input.slug.nl,
    collection: 'pages',
    slug: input.slug,
    sites: BOTH_SITES,
    published: input.published ?? true,
    date: null,
    parentKey: input.parent ?? null,
    updatedAt: UPDATED_AT,
    data,
  });
};

const OG_DEFAULT = image('og/architectenregister', L('Logo van het Architectenregister', "Architects' Register logo"));

const home = page({
  slug: L('home', 'home'),
  title: L('Architectenregister', "Architects' Register"),
  seoTitle: L(
    'Architectenregister: het register van beschermde titels',
    "Architects' Register: the register of protected titles",
  ),
  seoDescription: L(
    'Het Architectenregister houdt het wettelijke register bij van architecten, interieurarchitecten, stedenbouwkundigen en tuin- en landschapsarchitecten in Nederland.',
    'The Architects’ Register keeps the statutory register of architects, interior architects, urban planners and garden and landscape architects in the Netherlands.',
  ),
  ogTitle: L('Het Architectenregister', "The Architects' Register"),
  ogDescription: L('Controleer of uw architect is ingeschreven.', 'Check whether your architect is registered.'),
  ogImage: OG_DEFAULT,
  theme: { bg: '#1f3a5f', text: '#ffffff', diap: true },
  heroText: L(
    'Wie zich architect noemt, staat in het register. Zo weet u met wie u bouwt.',
    'Anyone who calls themselves an architect is on the register. So you know who you are building with.',
  ),
  heroImage: image(
    'hero/home',
    L('Gevels van woningen aan een Haagse gracht', 'Facades of houses along a canal in The Hague'),
  ),
  texts: [
    L('Beschermde titels sinds 1988', 'Protected titles since 1988'),
    L('Ruim 14.000 ingeschreven ontwerpers', 'More than 14,000 registered designers'),
    L('Onafhankelijk en wettelijk verankerd', 'Independent and established by law'),
  ],
  components: [
    keyFigures([
      { value: '14.000+', label: L('ingeschreven ontwerpers', 'registered designers') },
      { value: '4', label: L('beschermde titels', 'protected titles') },
      { value: '1988', label: L('Wet op de architectentitel van kracht', "Architects' Title Act in force") },
      { value: L('2 jaar', '2 years'), label: L('beroepservaringsperiode', 'professional experience period') },
    ]),
    cards(L('Waar kunnen we u mee helpen?', 'How can we help you?'), [
      {
        title: L('Inschrijven', 'Registration'),
        text: L(
          'Alles over inschrijven met een Nederlands of buitenlands diploma.',
          'Everything about registering with a Dutch or foreign diploma.',
        ),
        to: 'inschrijven',
        image: image(
          'cards/inschrijven',
          L('Tekentafel met bouwtekeningen', 'Drawing table with construction drawings'),
        ),
      },
      {
        title: L('De wet', 'The law'),
        text: L(
          'Wat de Wet op de architectentitel regelt en voor wie.',
          "What the Architects' Title Act governs and for whom.",
        ),
        to: 'de-wet',
        image: image('cards/de-wet', L('Wetboek op een bureau', 'Law book on a desk')),
      },
      {
        title: L('Klachten', 'Complaints'),
        text: L(
          'Een klacht over een ingeschreven architect of over titelmisbruik.',
          'A complaint about a registered architect or about misuse of a title.',
        ),
        to: 'klachten',
        image: image('cards/klachten', L('Gesprek aan een vergadertafel', 'Conversation at a meeting table')),
      },
    ]),
    collectionList(L('Actueel', 'Latest news'), 'actualities', 3),
    animationByLink(L('Het register groeit', 'The register keeps growing'), LINKED_ANIMATION_PATH),
    collectionList(L('Agenda', 'Upcoming events'), 'events', 3),
    callToAction(
      L('Net afgestudeerd?', 'Just graduated?'),
      L(
        'Start uw beroepservaringsperiode en schrijf u daarna in als architect.',
        'Start your professional experience period and then register as an architect.',
      ),
      L('Lees hoe het werkt', 'Find out how it works'),
      'beroepservaringsperiode',
    ),
  ],
});

const aboutPages: EntrySeed[] = [
  page({
    slug: L('over-ons', 'about-us'),
    title: L('Over ons', 'About us'),
    seoDescription: L(
      'Het Bureau Architectenregister voert de Wet op de architectentitel uit vanuit Den Haag.',
      "The Architects' Register Office carries out the Architects' Title Act from The Hague.",
    ),
    heroText: L(
      'Wij houden het register bij, onafhankelijk en zorgvuldig.',
      'We keep the register, independently and carefully.',
    ),
    heroImage: image(
      'hero/over-ons',
      L('Het kantoor van het Bureau Architectenregister', "The Architects' Register Office"),
    ),
    components: [
      textImage(
        L('Wie we zijn', 'Who we are'),
        L(
          '<p>Het <strong>Bureau Architectenregister</strong> in Den Haag voert de Wet op de architectentitel uit. Wij beoordelen aanvragen tot inschrijving, houden het openbare register bij en zien toe op het juiste gebruik van de beschermde titels.</p><p>Het bureau werkt onafhankelijk, in opdracht van het ministerie dat verantwoordelijk is voor de wet.</p>',
          "<p>The <strong>Architects' Register Office</strong> in The Hague carries out the Architects' Title Act. We assess applications for registration, keep the public register and oversee the correct use of the protected titles.</p><p>The office works independently, on behalf of the ministry responsible for the act.</p>",
        ),
        image('content/kantoor', L('Medewerkers aan het werk op kantoor', 'Staff at work in the office')),
        'right',
      ),
      quote(
        L(
          'Een titel is een belofte aan de opdrachtgever. Het register maakt die belofte controleerbaar.',
          'A title is a promise to the client. The register makes that promise verifiable.',
        ),
        'Marieke van der Berg',
      ),
      cards(L('Meer over het bureau', 'More about the office'), [
        {
          title: L('Organisatie', 'Organisation'),
          text: L('Onze taken, ons bestuur en onze verantwoording.', 'Our tasks, governance and accountability.'),
          to: 'organisatie',
          image: image('cards/organisatie', L('Vergaderzaal', 'Meeting room')),
        },
        {
          title: L('Medewerkers', 'Team'),
          text: L('Maak kennis met de mensen achter het register.', 'Meet the people behind the register.'),
          to: 'medewerkers',
          image: image('cards/medewerkers', L('Teamfoto', 'Team photo')),
        },
        {
          title: L('Werken bij', 'Careers'),
          text: L('Bekijk onze vacatures.', 'See our vacancies.'),
          to: 'werken-bij',
          image: image('cards/werken-bij', L('Bureau met laptop', 'Desk with laptop')),
        },
      ]),
    ],
  }),
  page({
    slug: L('organisatie', 'organisation'),
    title: L('Organisatie', 'Organisation'),
    parent: 'over-ons',
    components: [
      text(
        L('Onze taken', 'Our tasks'),
        L(
          '<p>Het bureau heeft vier wettelijke taken:</p><ul><li>het beoordelen van aanvragen tot inschrijving;</li><li>het bijhouden van het openbare register;</li><li>het erkennen van buitenlandse beroepskwalificaties;</li><li>het toezicht op de beroepservaringsperiode.</li></ul>',
          '<p>The office has four statutory tasks:</p><ul><li>assessing applications for registration;</li><li>keeping the public register;</li><li>recognising foreign professional qualifications;</li><li>supervising the professional experience period.</li></ul>',
        ),
      ),
      imageBlock(
        image('content/den-haag', L('Zicht op het centrum van Den Haag', 'View of the centre of The Hague')),
        L('Het bureau is gevestigd in Den Haag.', 'The office is based in The Hague.'),
      ),
      text(
        L('Verantwoording', 'Accountability'),
        L(
          '<p>Elk jaar leggen wij verantwoording af in een jaarverslag. U vindt alle verslagen bij de <a href="/over-ons/jaarverslagen">jaarverslagen</a>.</p>',
          '<p>Every year we account for our work in an annual report. You will find all reports under <a href="/en/about-us/annual-reports">annual reports</a>.</p>',
        ),
      ),
    ],
  }),
  page({
    slug: L('medewerkers', 'team'),
    title: L('Medewerkers', 'Team'),
    parent: 'over-ons',
    heroText: L(
      'Vijftien mensen zorgen samen voor een betrouwbaar register.',
      'Fifteen people work together on a reliable register.',
    ),
    components: [
      text(
        null,
        L(
          '<p>Heeft u een vraag over uw inschrijving? Neem gerust contact op met een van onze medewerkers.</p>',
          '<p>Do you have a question about your registration? Feel free to contact one of our staff.</p>',
        ),
      ),
      team(L('Ons team', 'Our team')),
    ],
  }),
  page({
    slug: L('werken-bij', 'careers'),
    title: L('Werken bij', 'Careers'),
    parent: 'over-ons',
    components: [
      text(
        L('Werken bij het Architectenregister', "Working at the Architects' Register"),
        L(
          '<p>Wij zijn een kleine organisatie met een publieke taak. Je werkt met vakmensen uit de architectuur, het recht en de informatievoorziening.</p>',
          '<p>We are a small organisation with a public task. You work with professionals from architecture, law and information management.</p>',
        ),
      ),
      collectionList(L('Vacatures', 'Vacancies'), 'vacancies', 10),
    ],
  }),
  page({
    slug: L('jaarverslagen', 'annual-reports'),
    title: L('Jaarverslagen', 'Annual reports'),
    parent: 'over-ons',
    components: [
      text(
        null,
        L(
          '<p>In onze jaarverslagen leest u hoeveel aanvragen wij behandelden en hoe het register zich ontwikkelt.</p>',
          '<p>Our annual reports show how many applications we handled and how the register is developing.</p>',
        ),
      ),
      downloads(L('Download de jaarverslagen', 'Download the annual reports'), [
        document('jaarverslag-2025', L('Jaarverslag 2025', 'Annual report 2025')),
        document('jaarverslag-2024', L('Jaarverslag 2024', 'Annual report 2024')),
        document('jaarverslag-2023', L('Jaarverslag 2023', 'Annual report 2023')),
      ]),
    ],
  }),
];

const registrationPages: EntrySeed[] = [
  page({
    slug: L('inschrijven', 'registration'),
    title: L('Inschrijven', 'Registration'),
    seoTitle: L('Inschrijven in het Architectenregister', "Registering with the Architects' Register"),
    seoDescription: L(
      'Lees hoe u zich inschrijft als architect, interieurarchitect, stedenbouwkundige of tuin- en landschapsarchitect.',
      'Find out how to register as an architect, interior architect, urban planner or garden and landscape architect.',
    ),
    heroImage: image('hero/inschrijven', L('Maquette van een woonblok', 'Scale model of a housing block')),
    heroText: L(
      'Schrijf u in en voer de titel die bij uw opleiding past.',
      'Register and use the title that matches your education.',
    ),
    components: [
      text(
        L('Wie kan zich inschrijven?', 'Who can register?'),
        L(
          '<p>U kunt zich inschrijven als u een erkende masteropleiding heeft afgerond en, als u na 1 januari 2015 bent afgestudeerd, de <a href="/inschrijven/beroepservaringsperiode">beroepservaringsperiode</a> met goed gevolg heeft doorlopen.</p><h2>De vier titels</h2><ol><li>architect</li><li>interieurarchitect</li><li>stedenbouwkundige</li><li>tuin- en landschapsarchitect</li></ol><p>Twijfelt u? Lees de <a href="/veelgestelde-vragen#inschrijven">vragen over inschrijven</a>.</p>',
          '<p>You can register if you have completed a recognised master’s programme and, if you graduated after 1 January 2015, have successfully completed the <a href="/en/registration/professional-experience-period">professional experience period</a>.</p><h2>The four titles</h2><ol><li>architect</li><li>interior architect</li><li>urban planner</li><li>garden and landscape architect</li></ol><p>Not sure? Read the <a href="/en/faq#registration">questions about registration</a>.</p>',
        ),
      ),
      cards(L('Kies uw situatie', 'Choose your situation'), [
        {
          title: L('Nederlands diploma', 'Dutch diploma'),
          text: L('U studeerde af aan een Nederlandse opleiding.', 'You graduated from a Dutch programme.'),
          to: 'nederlands-diploma',
          image: image('cards/nederlands-diploma', L('Diploma-uitreiking', 'Graduation ceremony')),
        },
        {
          title: L('Buitenlandse architecten', 'Foreign architects'),
          text: L(
            'U heeft een diploma of inschrijving uit het buitenland.',
            'You hold a diploma or registration from abroad.',
          ),
          to: 'buitenlandse-architecten',
          image: image('cards/buitenlandse-architecten', L('Kaart van Europa', 'Map of Europe')),
        },
        {
          title: L('Tarieven', 'Fees'),
          text: L('Wat kost inschrijving?', 'What does registration cost?'),
          to: 'tarieven',
          image: null,
        },
      ]),
      accordion(L('Veelgestelde vragen over inschrijven', 'Frequently asked questions about registration'), [
        {
          question: L(
            'Hoe lang duurt de behandeling van mijn aanvraag?',
            'How long does it take to process my application?',
          ),
          answer: L(
            '<p>Een volledige aanvraag behandelen wij binnen <strong>vier weken</strong>.</p>',
            '<p>We process a complete application within <strong>four weeks</strong>.</p>',
          ),
        },
        {
          question: L('Kan ik me voor meer titels inschrijven?', 'Can I register for more than one title?'),
          answer: L(
            '<p>Ja, als u aan de eisen voor elke titel voldoet.</p>',
            '<p>Yes, if you meet the requirements for each title.</p>',
          ),
        },
      ]),
      callToAction(
        L('Klaar om in te schrijven?', 'Ready to register?'),
        L('Bekijk eerst de tarieven en de benodigde documenten.', 'First check the fees and the documents you need.'),
        L('Naar de tarieven', 'See the fees'),
        'tarieven',
      ),
    ],
  }),
  page({
    slug: L('nederlands-diploma', 'dutch-diploma'),
    title: L('Inschrijven met een Nederlands diploma', 'Registering with a Dutch diploma'),
    parent: 'inschrijven',
    components: [
      text(
        null,
        L(
          '<p>Met een diploma van een erkende Nederlandse masteropleiding schrijft u zich in na de beroepservaringsperiode. Erkende opleidingen zijn onder meer de masters aan de technische universiteiten, Wageningen University en de academies van bouwkunst.</p>',
          '<p>With a diploma from a recognised Dutch master’s programme you register after the professional experience period. Recognised programmes include the masters at the universities of technology, Wageningen University and the academies of architecture.</p>',
        ),
      ),
      accordion(L('Benodigde documenten', 'Documents you need'), [
        {
          question: L('Welke documenten stuur ik mee?', 'Which documents do I send?'),
          answer: L(
            '<ul><li>een kopie van uw diploma;</li><li>een kopie van een geldig identiteitsbewijs;</li><li>het bewijs van afronding van de beroepservaringsperiode.</li></ul>',
            '<ul><li>a copy of your diploma;</li><li>a copy of a valid identity document;</li><li>proof that you completed the professional experience period.</li></ul>',
          ),
        },
        {
          question: L('Moet ik documenten laten vertalen?', 'Do documents need to be translated?'),
          answer: L(
            '<p>Documenten in het Nederlands, Engels, Duits of Frans hoeven niet te worden vertaald.</p>',
            '<p>Documents in Dutch, English, German or French do not need to be translated.</p>',
          ),
        },
      ]),
    ],
  }),
  page({
    slug: L('buitenlandse-architecten', 'foreign-architects'),
    title: L('Buitenlandse architecten', 'Foreign architects'),
    parent: 'inschrijven',
    heroImage: image('hero/buitenlandse-architecten', L('Luchthaven met vertrekbord', 'Airport departures board')),
    components: [
      text(
        L('Werken in Nederland', 'Working in the Netherlands'),
        L(
          '<p>Wilt u in Nederland de titel architect voeren? Dan moet u ingeschreven staan in het register, ook als u al in een ander land staat ingeschreven.</p>',
          '<p>Do you want to use the title architect in the Netherlands? Then you must be on the register, even if you are already registered in another country.</p>',
        ),
      ),
      cards(null, [
        {
          title: L('Erkenning beroepskwalificaties', 'Recognition of professional qualifications'),
          text: L(
            'Voor architecten uit de Europese Economische Ruimte en Zwitserland.',
            'For architects from the European Economic Area and Switzerland.',
          ),
          to: 'erkenning-beroepskwalificaties',
          image: image('cards/erkenning', L('Europese vlag', 'European flag')),
        },
        {
          title: L('Architecten van buiten de EU', 'Architects from outside the EU'),
          text: L(
            'Een individuele beoordeling van uw opleiding en ervaring.',
            'An individual assessment of your education and experience.',
          ),
          to: 'architecten-buiten-de-eu',
          image: image('cards/buiten-de-eu', L('Wereldbol', 'Globe')),
        },
      ]),
    ],
  }),
  page({
    slug: L('erkenning-beroepskwalificaties', 'recognition-of-professional-qualifications'),
    title: L('Erkenning van beroepskwalificaties', 'Recognition of professional qualifications'),
    parent: 'buitenlandse-architecten',
    components: [
      text(
        null,
        L(
          '<p>Op grond van <em>Richtlijn 2005/36/EG</em> erkennen wij diploma’s die in de richtlijn zijn opgenomen automatisch. Voor andere diploma’s beoordelen wij of uw opleiding en ervaring gelijkwaardig zijn.</p><h3>Compenserende maatregelen</h3><p>Zijn er wezenlijke verschillen, dan kunnen wij een aanpassingsstage of een proeve van bekwaamheid vragen.</p>',
          '<p>Under <em>Directive 2005/36/EC</em> we automatically recognise diplomas listed in the directive. For other diplomas we assess whether your education and experience are equivalent.</p><h3>Compensation measures</h3><p>If there are substantial differences, we may ask for an adaptation period or an aptitude test.</p>',
        ),
      ),
      accordion(null, [
        {
          question: L('Hoe lang duurt een erkenning?', 'How long does recognition take?'),
          answer: L(
            '<p>Wij beslissen binnen drie maanden na ontvangst van een volledig dossier.</p>',
            '<p>We decide within three months of receiving a complete file.</p>',
          ),
        },
        {
          question: L('Kan ik tijdelijk in Nederland werken?', 'Can I work in the Netherlands temporarily?'),
          answer: L(
            '<p>Ja. Voor tijdelijke dienstverlening doet u vooraf een melding; volledige inschrijving is dan niet nodig.</p>',
            '<p>Yes. For temporary services you file a declaration in advance; full registration is not needed.</p>',
          ),
        },
      ]),
      downloads(L('Formulieren en beleid', 'Forms and policy'), [
        document(
          'beleidsregel-erkenning-buitenlandse-beroepskwalificaties',
          L(
            'Beleidsregel erkenning buitenlandse beroepskwalificaties',
            'Policy rule on the recognition of foreign professional qualifications',
          ),
        ),
        document(
          'brochure-inschrijven',
          L('Brochure Inschrijven in het Architectenregister', "Brochure Registering with the Architects' Register"),
        ),
      ]),
    ],
  }),
  page({
    slug: L('architecten-buiten-de-eu', 'architects-from-outside-the-eu'),
    title: L('Architecten van buiten de EU', 'Architects from outside the EU'),
    parent: 'buitenlandse-architecten',
    components: [
      text(
        null,
        L(
          '<p>Heeft u uw diploma buiten de Europese Economische Ruimte behaald? Dan vergelijken wij uw opleiding met een Nederlandse masteropleiding. Daarna doorloopt u zo nodig de beroepservaringsperiode.</p>',
          '<p>Did you obtain your diploma outside the European Economic Area? Then we compare your education with a Dutch master’s programme. Afterwards you complete the professional experience period if needed.</p>',
        ),
      ),
    ],
  }),
  page({
    slug: L('beroepservaringsperiode', 'professional-experience-period'),
    title: L('Beroepservaringsperiode', 'Professional experience period'),
    parent: 'inschrijven',
    theme: { bg: '#f4efe6', text: '#1d1d1b', diap: false },
    components: [
      textImage(
        L('Twee jaar leren in de praktijk', 'Two years of learning in practice'),
        L(
          '<p>Afgestudeerden doorlopen een beroepservaringsperiode van <strong>twee jaar</strong>. U werkt onder begeleiding van een mentor en volgt modules over beroepspraktijk, regelgeving en ondernemerschap.</p>',
          '<p>Graduates complete a professional experience period of <strong>two years</strong>. You work under the guidance of a mentor and take modules on professional practice, regulations and entrepreneurship.</p>',
        ),
        image('content/beroepservaring', L('Jonge architect op de bouwplaats', 'Young architect on a building site')),
        'left',
      ),
      animationInline(L('Van diploma naar titel', 'From diploma to title'), titleCheck(), { loop: false, speed: 1.5 }),
      collectionList(L('Modules en cursussen', 'Modules and courses'), 'courses', 4),
    ],
  }),
  page({
    slug: L('mentoren', 'mentors'),
    title: L('Mentoren', 'Mentors'),
    parent: 'beroepservaringsperiode',
    components: [
      text(
        L('Mentor worden', 'Becoming a mentor'),
        L(
          '<p>Een mentor is zelf ten minste vijf jaar ingeschreven en begeleidt de beroepsbeoefenaar bij het opdoen van ervaring.</p>',
          '<p>A mentor has been registered for at least five years and guides the professional in gaining experience.</p>',
        ),
      ),
      downloads(null, [document('handreiking-mentoren', L('Handreiking voor mentoren', 'Guide for mentors'))]),
    ],
  }),
  page({
    slug: L('herinschrijving', 're-registration'),
    title: L('Herinschrijving', 'Re-registration'),
    parent: 'inschrijven',
    components: [
      text(
        null,
        L(
          '<p>Bent u uitgeschreven, bijvoorbeeld op eigen verzoek? Dan kunt u zich opnieuw inschrijven. U hoeft de beroepservaringsperiode niet opnieuw te doorlopen.</p>',
          '<p>Were you removed from the register, for example at your own request? Then you can register again. You do not need to repeat the professional experience period.</p>',
        ),
      ),
    ],
  }),
  page({
    slug: L('tarieven', 'fees'),
    title: L('Tarieven', 'Fees'),
    parent: 'inschrijven',
    components: [
      text(
        L('Tarieven 2027', 'Fees 2027'),
        L(
          '<ul><li>Inschrijving: <strong>€ 120</strong> (eenmalig)</li><li>Erkenning buitenlandse beroepskwalificaties: <strong>€ 450</strong></li><li>Herinschrijving: <strong>€ 90</strong></li></ul><p>Het volledige overzicht staat in het tarievenoverzicht bij de <a href="/publicaties">publicaties</a>.</p>',
          '<ul><li>Registration: <strong>€120</strong> (one-off)</li><li>Recognition of foreign professional qualifications: <strong>€450</strong></li><li>Re-registration: <strong>€90</strong></li></ul><p>The full overview is in the fee schedule among the <a href="/en/publications">publications</a>.</p>',
        ),
      ),
    ],
  }),
];

const lawPages: EntrySeed[] = [
  page({
    slug: L('de-wet', 'the-law'),
    title: L('De wet', 'The law'),
    seoTitle: L('De Wet op de architectentitel', "The Architects' Title Act"),
    theme: { bg: '#e8e2d6', text: '#1d1d1b', diap: false },
    components: [
      text(
        L('De Wet op de architectentitel', "The Architects' Title Act"),
        L(
          '<p>De Wet op de architectentitel beschermt sinds 1988 de titels architect, interieurarchitect, stedenbouwkundige en tuin- en landschapsarchitect. Alleen wie in het register staat, mag een van deze titels voeren.</p><p>De wet beschermt de titel, niet het beroep: iedereen mag ontwerpen, maar niet iedereen mag zich architect noemen.</p>',
          "<p>Since 1988 the Architects' Title Act has protected the titles architect, interior architect, urban planner and garden and landscape architect. Only those on the register may use one of these titles.</p><p>The act protects the title, not the profession: anyone may design, but not everyone may call themselves an architect.</p>",
        ),
      ),
      quote(
        L(
          'De titel staat voor opleiding, ervaring en verantwoordelijkheid.',
          'The title stands for education, experience and responsibility.',
        ),
        L('Memorie van toelichting', 'Explanatory memorandum'),
      ),
      accordion(L('Vragen over de wet', 'Questions about the act'), [
        {
          question: L('Wat gebeurt er bij onterecht titelgebruik?', 'What happens when a title is used unlawfully?'),
          answer: L(
            '<p>Onrechtmatig gebruik van een beschermde titel is een economisch delict. Wij kunnen aangifte doen bij het Openbaar Ministerie.</p>',
            '<p>Unlawful use of a protected title is an economic offence. We can report it to the Public Prosecution Service.</p>',
          ),
        },
        {
          question: L('Geldt de wet ook voor bedrijven?', 'Does the act apply to companies?'),
          answer: L(
            '<p>De titels zijn persoonlijk. Een bedrijf mag zich niet presenteren alsof het de titel voert als er geen ingeschreven persoon werkt.</p>',
            '<p>The titles are personal. A company may not present itself as holding the title if no registered person works there.</p>',
          ),
        },
      ]),
    ],
  }),
  page({
    slug: L('titelbescherming', 'title-protection'),
    title: L('Titelbescherming', 'Title protection'),
    parent: 'de-wet',
    components: [
      text(
        null,
        L(
          '<p>Ziet u iemand die zich architect noemt, maar niet in het register staat? Meld het ons. Wij onderzoeken elke melding.</p>',
          '<p>Do you see someone calling themselves an architect who is not on the register? Report it to us. We investigate every report.</p>',
        ),
      ),
      callToAction(
        L('Titelmisbruik melden', 'Report misuse of a title'),
        null,
        L('Meld het ons', 'Report it to us'),
        'titelmisbruik-melden',
      ),
    ],
  }),
  page({
    slug: L('titelmisbruik-melden', 'report-title-misuse'),
    title: L('Titelmisbruik melden', 'Report misuse of a title'),
    parent: 'de-wet',
    seoDescription: L(
      'Meld het als iemand zich architect, interieurarchitect, stedenbouwkundige of tuin- en landschapsarchitect noemt zonder in het register te staan. Anoniem melden kan.',
      'Report someone who calls themselves an architect, interior architect, urban planner or garden and landscape architect without being on the register. You may report anonymously.',
    ),
    components: [
      text(
        null,
        L(
          '<p>Noemt iemand zich architect, interieurarchitect, stedenbouwkundige of tuin- en landschapsarchitect zonder in het register te staan? Meld het ons met dit formulier.</p><p>Wij bekijken elke melding. Blijkt de titel ten onrechte gebruikt, dan spreken wij de persoon of het bureau erop aan en kunnen wij aangifte doen bij het Openbaar Ministerie. Over de afloop van een zaak doen wij geen mededelingen.</p><p>U mag anoniem melden. Laat u uw naam en e-mailadres achter, dan kunnen wij u vragen stellen als dat nodig is; uw gegevens geven wij niet aan de persoon of het bureau dat u meldt.</p>',
          '<p>Is someone calling themselves an architect, interior architect, urban planner or garden and landscape architect without being on the register? Report it to us with this form.</p><p>We look into every report. If the title turns out to be used unlawfully, we call the person or bureau to account and may report it to the Public Prosecution Service. We do not disclose how a case ends.</p><p>You may report anonymously. If you leave your name and e-mail address, we can ask you questions when we need to; we never pass your details on to the person or bureau you report.</p>',
        ),
      ),
      formBlock(L('Uw melding', 'Your report'), 'title_misuse', 'Titelmisbruik melden'),
    ],
  }),
  page({
    slug: L('beroepstitels', 'professional-titles'),
    title: L('Beroepstitels', 'Professional titles'),
    parent: 'de-wet',
    components: [
      keyFigures([
        { value: '75%', label: L('architecten', 'architects') },
        { value: '13%', label: L('interieurarchitecten', 'interior architects') },
        { value: '6%', label: L('stedenbouwkundigen', 'urban planners') },
        { value: '5%', label: L('tuin- en landschapsarchitecten', 'garden and landscape architects') },
      ]),
      text(
        null,
        L(
          '<p>Elke titel hoort bij een eigen opleiding. Wie meerdere opleidingen heeft afgerond, kan meerdere titels voeren.</p>',
          '<p>Each title belongs to its own programme. Those who completed more than one programme may use more than one title.</p>',
        ),
      ),
    ],
  }),
];

const complaintPages: EntrySeed[] = [
  page({
    slug: L('klachten', 'complaints'),
    title: L('Klachten', 'Complaints'),
    components: [
      text(
        L('Een klacht over een architect', 'A complaint about an architect'),
        L(
          '<p>Heeft u een klacht over het handelen van een ingeschreven architect? Dan kunt u een klacht indienen bij het tuchtcollege. Het tuchtcollege kan een waarschuwing, berisping, geldboete, schorsing of doorhaling van de inschrijving opleggen.</p>',
          '<p>Do you have a complaint about the conduct of a registered architect? Then you can file a complaint with the disciplinary board. The board can impose a warning, reprimand, fine, suspension or removal from the register.</p>',
        ),
      ),
      accordion(null, [
        {
          question: L('Kost een klacht geld?', 'Does a complaint cost money?'),
          answer: L(
            '<p>Nee, een klacht indienen is kosteloos.</p>',
            '<p>No, filing a complaint is free of charge.</p>',
          ),
        },
        {
          question: L('Kan ik een klacht over het bureau indienen?', 'Can I complain about the office itself?'),
          answer: L(
            '<p>Ja. Volg dan onze klachtenregeling; die vindt u bij de publicaties.</p>',
            '<p>Yes. Then follow our complaints procedure, which you will find among the publications.</p>',
          ),
        },
      ]),
      callToAction(
        L('Klacht indienen', 'File a complaint'),
        L('Lees welke gegevens u nodig heeft.', 'See which information you need.'),
        L('Zo dient u een klacht in', 'How to file a complaint'),
        'klacht-indienen',
      ),
    ],
  }),
  page({
    slug: L('klacht-indienen', 'filing-a-complaint'),
    title: L('Klacht indienen', 'Filing a complaint'),
    parent: 'klachten',
    components: [
      text(
        null,
        L(
          '<ol><li>Beschrijf wat er is gebeurd en wanneer.</li><li>Voeg stukken toe, zoals de overeenkomst en correspondentie.</li><li>Stuur uw klacht per post of e-mail naar het secretariaat van het tuchtcollege.</li></ol>',
          '<ol><li>Describe what happened and when.</li><li>Add documents, such as the agreement and correspondence.</li><li>Send your complaint by post or email to the secretariat of the disciplinary board.</li></ol>',
        ),
      ),
      downloads(null, [document('klachtenregeling', L('Klachtenregeling', 'Complaints procedure'))]),
    ],
  }),
  page({
    slug: L('tuchtrecht', 'disciplinary-law'),
    title: L('Tuchtrecht', 'Disciplinary law'),
    parent: 'klachten',
    components: [
      text(
        null,
        L(
          '<p>Het tuchtrecht bewaakt de kwaliteit van de beroepsuitoefening. Uitspraken worden geanonimiseerd gepubliceerd.</p>',
          '<p>Disciplinary law safeguards the quality of professional practice. Rulings are published anonymously.</p>',
        ),
      ),
      collectionList(L('Recente uitspraken', 'Recent rulings'), 'actualities', 5),
    ],
  }),
];

const servicePages: EntrySeed[] = [
  page({
    slug: L('contact', 'contact'),
    title: L('Contact', 'Contact'),
    components: [
      text(
        L('Bereikbaarheid', 'Opening hours'),
        L(
          '<p>Wij zijn op werkdagen telefonisch bereikbaar van 9.00 tot 12.30 uur. Een e-mail beantwoorden wij binnen drie werkdagen.</p>',
          '<p>You can reach us by phone on working days from 9:00 to 12:30. We answer emails within three working days.</p>',
        ),
      ),
      imageBlock(
        image('content/route', L('Plattegrond met de route naar het kantoor', 'Map with the route to the office')),
        L(
          'Het kantoor ligt op tien minuten lopen van station Den Haag Centraal.',
          'The office is a ten-minute walk from The Hague Central station.',
        ),
      ),
      callToAction(
        L('Staat uw vraag er al bij?', 'Is your question already answered?'),
        null,
        L('Bekijk de veelgestelde vragen', 'See the frequently asked questions'),
        'veelgestelde-vragen',
      ),
    ],
  }),
  page({
    slug: L('veelgestelde-vragen', 'faq'),
    title: L('Veelgestelde vragen', 'Frequently asked questions'),
    components: [
      accordion(L('Het register', 'The register'), [
        {
          question: L('Hoe controleer ik of iemand is ingeschreven?', 'How do I check whether someone is registered?'),
          answer: L(
            '<p>Zoek op naam, registratienummer of woonplaats in het openbare register.</p>',
            '<p>Search by name, registration number or town in the public register.</p>',
          ),
        },
        {
          question: L('Wat betekent het registratienummer?', 'What does the registration number mean?'),
          answer: L(
            '<p>Elk nummer, zoals <em>1.070515.028</em>, is uniek en blijft bij u zolang u ingeschreven staat.</p>',
            '<p>Each number, such as <em>1.070515.028</em>, is unique and stays with you while you are registered.</p>',
          ),
        },
        {
          question: L('Hoe geef ik een adreswijziging door?', 'How do I report a change of address?'),
          answer: L('<p>Via het contactformulier of per e-mail.</p>', '<p>Through the contact form or by email.</p>'),
        },
      ]),
      accordion(L('Inschrijven', 'Registration'), [
        {
          question: L(
            'Mag ik me architect noemen tijdens de beroepservaringsperiode?',
            'May I call myself an architect during the professional experience period?',
          ),
          answer: L(
            '<p>Nee. U voert de titel pas na inschrijving.</p>',
            '<p>No. You may use the title only after registration.</p>',
          ),
        },
      ]),
    ],
  }),
  page({
    slug: L('actualiteiten', 'news'),
    title: L('Actualiteiten', 'News'),
    components: [collectionList(null, 'actualities', 12, true)],
  }),
  page({
    slug: L('agenda', 'events'),
    title: L('Agenda', 'Events'),
    components: [collectionList(null, 'events', 12, true)],
  }),
  page({
    slug: L('cursussen', 'courses'),
    title: L('Cursussen', 'Courses'),
    components: [
      text(
        null,
        L(
          '<p>Cursussen en modules voor de beroepservaringsperiode en voor ingeschreven ontwerpers.</p>',
          '<p>Courses and modules for the professional experience period and for registered designers. Courses are taught in Dutch.</p>',
        ),
      ),
      collectionList(null, 'courses', 12, true),
    ],
  }),
  page({
    slug: L('publicaties', 'publications'),
    title: L('Publicaties', 'Publications'),
    components: [collectionList(null, 'publications', 15)],
  }),
  page({
    slug: L('privacyverklaring', 'privacy-statement'),
    title: L('Privacyverklaring', 'Privacy statement'),
    analyticsIgnore: true,
    ...PRIVACY_STATEMENT,
  }),
  page({
    slug: L('toegankelijkheid', 'accessibility'),
    // "Toegankelijkheidsverklaring" in the browser's title; in the heading and the footer, where one
    // word that long cannot wrap on a phone, the shorter name Dutch government sites use.
    title: L('Toegankelijkheid', 'Accessibility statement'),
    seoTitle: L('Toegankelijkheidsverklaring', 'Accessibility statement'),
    analyticsIgnore: true,
    ...ACCESSIBILITY_STATEMENT,
  }),
  // An old address kept for links in circulation; it sends visitors on to the registration section.
  page({
    slug: L('registreren', 'register'),
    title: L('Registreren', 'Register'),
    redirectTo: 'inschrijven',
  }),
  // The register portal is a site of its own; this address sends visitors there.
  page({
    slug: L('registerportaal', 'register-portal'),
    title: L('Registerportaal', 'Register portal'),
    redirectUrl: 'https://portaal.architectenregister.nl/',
  }),
  page({
    slug: L('nieuw-registerportaal', 'new-register-portal'),
    title: L('Nieuw registerportaal', 'New register portal'),
    published: false,
    components: [
      text(
        L('Binnenkort: het nieuwe registerportaal', 'Coming soon: the new register portal'),
        L(
          '<p>In het nieuwe portaal beheert u zelf uw gegevens en downloadt u uw registratiebewijs.</p>',
          '<p>In the new portal you manage your own details and download your registration certificate.</p>',
        ),
      ),
    ],
  }),
];

/** All pages in tree order; siblings keep this order (`order`). */
export const PAGE_SEEDS: readonly EntrySeed[] = [
  home,
  ...aboutPages,
  ...registrationPages,
  ...lawPages,
  ...complaintPages,
  ...servicePages,
];

export const HOME_KEY = 'home';
