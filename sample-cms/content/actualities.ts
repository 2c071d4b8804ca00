import { image } from './assets.ts';
import { isoDate } from './ids.ts';
import { L } from './model.ts';
import type { Bilingual, EntrySeed } from './model.ts';
import { BOTH_SITES, bilingualParagraphs, entrySeed, metaFields, slugsOf } from './seed.ts';
import { termRef } from './taxonomies.ts';

// Actualities (news): a dated collection. Each item is one line below: date, type, title and intro in both
// languages; the body is built from the intro and a closing paragraph that fits the item's type.

type ActualityType = 'nieuws' | 'persbericht' | 'column' | 'uitspraak';
type Discipline = 'architectuur' | 'interieurarchitectuur' | 'stedenbouw' | 'tuin-en-landschapsarchitectuur';

interface ActualityLine {
  day: string;
  type: ActualityType;
  title: Bilingual<string>;
  intro: Bilingual<string>;
  disciplines?: readonly Discipline[];
}

const CLOSING: Record<ActualityType, Bilingual<string>> = {
  nieuws: L(
    'Heeft u vragen over dit bericht? Neem contact op met het Bureau Architectenregister; wij helpen u graag verder.',
    "Do you have questions about this item? Contact the Architects' Register Office; we are happy to help.",
  ),
  persbericht: L(
    'Voor de pers: neem voor meer informatie contact op met de afdeling communicatie van het Bureau Architectenregister.',
    "Note for editors: for more information, contact the communications department of the Architects' Register Office.",
  ),
  column: L(
    'Deze column geeft de persoonlijke opvatting van de auteur weer en niet per se het standpunt van het bureau.',
    'This column reflects the personal view of the author and not necessarily the position of the office.',
  ),
  uitspraak: L(
    'De uitspraak is geanonimiseerd. Tegen een uitspraak van het tuchtcollege staat hoger beroep open.',
    'The ruling has been anonymised. An appeal against a ruling of the disciplinary board is possible.',
  ),
};

const LINES: readonly ActualityLine[] = [
  {
    day: '2026-11-12',
    type: 'nieuws',
    title: L('Register telt ruim 14.000 ingeschreven ontwerpers', 'Register now lists more than 14,000 designers'),
    intro: L(
      'Voor het eerst staan er meer dan 14.000 architecten, interieurarchitecten, stedenbouwkundigen en tuin- en landschapsarchitecten in het register.',
      'For the first time, more than 14,000 architects, interior architects, urban planners and garden and landscape architects are on the register.',
    ),
    disciplines: ['architectuur', 'interieurarchitectuur', 'stedenbouw', 'tuin-en-landschapsarchitectuur'],
  },
  {
    day: '2026-10-28',
    type: 'nieuws',
    title: L('Nieuwe tarieven voor inschrijving in 2027', 'New registration fees for 2027'),
    intro: L(
      'Per 1 januari 2027 gelden nieuwe tarieven voor inschrijving en erkenning. De tarieven stijgen met de inflatie.',
      'New fees for registration and recognition apply from 1 January 2027. The fees rise with inflation.',
    ),
  },
  {
    day: '2026-10-15',
    type: 'persbericht',
    title: L(
      'Minister ontvangt evaluatie van de Wet op de architectentitel',
      "Minister receives evaluation of the Architects' Title Act",
    ),
    intro: L(
      'De evaluatie laat zien dat de wet haar doel bereikt: opdrachtgevers kunnen nagaan of een ontwerper gekwalificeerd is.',
      'The evaluation shows that the act achieves its aim: clients can check whether a designer is qualified.',
    ),
  },
  {
    day: '2026-10-01',
    type: 'nieuws',
    title: L(
      'Herinschrijving na uitschrijving: wat u moet weten',
      'Re-registration after removal: what you need to know',
    ),
    intro: L(
      'Wie zich laat uitschrijven, kan later opnieuw worden ingeschreven. Wij zetten de stappen op een rij.',
      'If you have yourself removed from the register, you can register again later. We list the steps.',
    ),
  },
  {
    day: '2026-09-18',
    type: 'column',
    title: L('Waarom titelbescherming ertoe doet', 'Why title protection matters'),
    intro: L(
      'Een beschermde titel geeft houvast in een markt waarin iedereen zich ontwerper kan noemen.',
      'A protected title offers certainty in a market where anyone can call themselves a designer.',
    ),
    disciplines: ['architectuur'],
  },
  {
    day: '2026-09-04',
    type: 'nieuws',
    title: L('Digitaal inschrijven nu ook met eHerkenning', 'Online registration now also possible with eHerkenning'),
    intro: L(
      'Bureaus kunnen voortaan met eHerkenning namens hun medewerkers een aanvraag indienen.',
      'Firms can now use eHerkenning to submit applications on behalf of their employees.',
    ),
  },
  {
    day: '2026-08-21',
    type: 'nieuws',
    title: L('Beroepservaringsperiode: nieuwe mentoren gezocht', 'Professional experience period: new mentors wanted'),
    intro: L(
      'Het aantal afgestudeerden in de beroepservaringsperiode groeit. Daarom zoeken wij ervaren architecten die mentor willen worden.',
      'The number of graduates in the professional experience period is growing. That is why we are looking for experienced architects who want to become mentors.',
    ),
    disciplines: ['architectuur', 'stedenbouw'],
  },
  {
    day: '2026-07-09',
    type: 'persbericht',
    title: L('Jaarverslag 2025 gepubliceerd', 'Annual report 2025 published'),
    intro: L(
      'In 2025 behandelde het bureau ruim 1.100 aanvragen tot inschrijving, het hoogste aantal in tien jaar.',
      'In 2025 the office handled more than 1,100 applications for registration, the highest number in ten years.',
    ),
  },
  {
    day: '2026-06-25',
    type: 'nieuws',
    title: L(
      "Erkenning van buitenlandse diploma's sneller afgehandeld",
      'Recognition of foreign diplomas handled faster',
    ),
    intro: L(
      'Door een nieuwe werkwijze beslissen wij gemiddeld binnen zes weken over een erkenningsaanvraag.',
      'Thanks to a new way of working, we now decide on a recognition application within six weeks on average.',
    ),
  },
  {
    day: '2026-06-11',
    type: 'uitspraak',
    title: L('Boete voor onrechtmatig gebruik van de titel architect', 'Fine for unlawful use of the title architect'),
    intro: L(
      'De rechter legde een ontwerper die zich zonder inschrijving architect noemde een geldboete op.',
      'The court fined a designer who called himself an architect without being registered.',
    ),
    disciplines: ['architectuur'],
  },
  {
    day: '2026-05-28',
    type: 'nieuws',
    title: L('Meer interieurarchitecten ingeschreven', 'More interior architects registered'),
    intro: L(
      'Het aantal ingeschreven interieurarchitecten steeg het afgelopen jaar met acht procent.',
      'The number of registered interior architects rose by eight percent over the past year.',
    ),
    disciplines: ['interieurarchitectuur'],
  },
  {
    day: '2026-05-14',
    type: 'column',
    title: L(
      'De architect als verbinder in de energietransitie',
      'The architect as a connector in the energy transition',
    ),
    intro: L(
      'Verduurzaming vraagt om ontwerpers die techniek, bewoners en regelgeving samenbrengen.',
      'Making buildings sustainable calls for designers who bring technology, residents and regulations together.',
    ),
    disciplines: ['architectuur', 'stedenbouw'],
  },
  {
    day: '2026-04-30',
    type: 'nieuws',
    title: L(
      'Kabinet kondigt herziening van de beroepservaringsperiode aan',
      'Government announces review of the professional experience period',
    ),
    intro: L(
      'Het kabinet wil de beroepservaringsperiode flexibeler maken, onder meer voor wie in deeltijd werkt.',
      'The government wants to make the professional experience period more flexible, for example for those who work part-time.',
    ),
  },
  {
    day: '2026-04-16',
    type: 'persbericht',
    title: L('Samenwerking met de Belgische Orde van Architecten', 'Cooperation with the Belgian Order of Architects'),
    intro: L(
      'Het Architectenregister en de Belgische Orde van Architecten gaan gegevens over inschrijvingen sneller uitwisselen.',
      "The Architects' Register and the Belgian Order of Architects will exchange registration data more quickly.",
    ),
  },
  {
    day: '2026-04-02',
    type: 'nieuws',
    title: L(
      'Wijziging in de Europese richtlijn beroepskwalificaties',
      'Change to the European Professional Qualifications Directive',
    ),
    intro: L(
      'De lijst met automatisch erkende diploma’s is aangevuld met nieuwe opleidingen uit drie lidstaten.',
      'The list of automatically recognised diplomas has been extended with new programmes from three member states.',
    ),
  },
  {
    day: '2026-03-19',
    type: 'nieuws',
    title: L('Onderhoud aan het online register op 28 maart', 'Maintenance of the online register on 28 March'),
    intro: L(
      'Op zaterdag 28 maart is het online register van 8.00 tot 12.00 uur niet bereikbaar.',
      'On Saturday 28 March the online register will be unavailable from 8:00 to 12:00.',
    ),
  },
  {
    day: '2026-03-05',
    type: 'column',
    title: L('Stedenbouw vraagt om een brede blik', 'Urban planning calls for a broad view'),
    intro: L(
      'Wie een wijk ontwerpt, ontwerpt ook de ontmoetingen tussen bewoners.',
      'Whoever designs a neighbourhood also designs the encounters between its residents.',
    ),
    disciplines: ['stedenbouw'],
  },
  {
    day: '2026-02-19',
    type: 'nieuws',
    title: L('Groei bij tuin- en landschapsarchitecten', 'Growth among garden and landscape architects'),
    intro: L(
      'Klimaatadaptatie zorgt voor meer vraag naar tuin- en landschapsarchitecten, en dat zien wij terug in het register.',
      'Climate adaptation is increasing demand for garden and landscape architects, and we see this in the register.',
    ),
    disciplines: ['tuin-en-landschapsarchitectuur'],
  },
  {
    day: '2026-02-05',
    type: 'uitspraak',
    title: L(
      'Rechter bevestigt: alleen ingeschreven ontwerpers voeren de titel',
      'Court confirms: only registered designers may use the title',
    ),
    intro: L(
      'In hoger beroep bevestigde het hof dat een vermelding op een website als titelgebruik geldt.',
      'On appeal, the court confirmed that a mention on a website counts as use of the title.',
    ),
  },
  {
    day: '2026-01-22',
    type: 'nieuws',
    title: L(
      'Nieuwe examencommissie beroepservaringsperiode benoemd',
      'New examination committee for the professional experience period appointed',
    ),
    intro: L(
      'De commissie beoordeelt of een beroepsbeoefenaar de beroepservaringsperiode met goed gevolg heeft afgerond.',
      'The committee assesses whether a professional has successfully completed the professional experience period.',
    ),
  },
  {
    day: '2026-01-08',
    type: 'nieuws',
    title: L('Openingstijden rond de feestdagen', 'Opening hours around the holidays'),
    intro: L(
      'Tussen Kerst en Oud en Nieuw is het bureau gesloten. Vanaf 5 januari zijn wij weer bereikbaar.',
      'The office is closed between Christmas and New Year. We are available again from 5 January.',
    ),
  },
  {
    day: '2025-12-11',
    type: 'persbericht',
    title: L(
      'Evaluatie Wet op de architectentitel: het register werkt',
      "Evaluation of the Architects' Title Act: the register works",
    ),
    intro: L(
      'Onderzoekers zien dat opdrachtgevers het register steeds vaker raadplegen voordat zij een ontwerper kiezen.',
      'Researchers find that clients increasingly consult the register before choosing a designer.',
    ),
  },
  {
    day: '2025-11-27',
    type: 'nieuws',
    title: L(
      'Webinar over inschrijven vanuit het buitenland terug te kijken',
      'Webinar on registering from abroad now available to watch',
    ),
    intro: L(
      'Het webinar van november over erkenning van buitenlandse beroepskwalificaties is nu online terug te kijken.',
      'The November webinar on the recognition of foreign professional qualifications can now be watched online.',
    ),
  },
  {
    day: '2025-11-13',
    type: 'column',
    title: L('Vakmanschap zichtbaar maken', 'Making craftsmanship visible'),
    intro: L(
      'Het register laat zien wie het vak beheerst. Dat is goed voor opdrachtgevers en voor het vak zelf.',
      'The register shows who has mastered the craft. That is good for clients and for the profession itself.',
    ),
    disciplines: ['architectuur', 'interieurarchitectuur'],
  },
  {
    day: '2025-10-30',
    type: 'nieuws',
    title: L('Vernieuwde website van het Architectenregister', "Redesigned website of the Architects' Register"),
    intro: L(
      'Onze website is vernieuwd: sneller, beter leesbaar op de telefoon en toegankelijk voor iedereen.',
      'Our website has been redesigned: faster, easier to read on a phone and accessible to everyone.',
    ),
  },
  {
    day: '2025-10-16',
    type: 'nieuws',
    title: L('Registratiebewijs voortaan digitaal', 'Registration certificate now digital'),
    intro: L(
      'Nieuwe ingeschrevenen ontvangen hun registratiebewijs voortaan als digitaal ondertekend document.',
      'New registrants now receive their registration certificate as a digitally signed document.',
    ),
  },
  {
    day: '2025-10-02',
    type: 'uitspraak',
    title: L(
      'Waarschuwing voor bouwbedrijf wegens misleidend titelgebruik',
      'Warning for construction company over misleading use of a title',
    ),
    intro: L(
      'Een bouwbedrijf bood "architectendiensten" aan zonder ingeschreven architect in dienst.',
      'A construction company offered "architect services" without employing a registered architect.',
    ),
  },
  {
    day: '2025-09-18',
    type: 'nieuws',
    title: L(
      'Afgestudeerd? Zo start u de beroepservaringsperiode',
      'Graduated? How to start the professional experience period',
    ),
    intro: L(
      'Meld u binnen drie maanden na uw afstuderen aan en kies samen met uw werkgever een mentor.',
      'Sign up within three months of graduating and choose a mentor together with your employer.',
    ),
  },
  {
    day: '2025-09-04',
    type: 'persbericht',
    title: L('Architectenregister op de Dag van de Architectuur', "Architects' Register at Architecture Day"),
    intro: L(
      'Tijdens de Dag van de Architectuur beantwoorden onze medewerkers vragen van bezoekers over het register.',
      'During Architecture Day our staff answer visitors’ questions about the register.',
    ),
  },
  {
    day: '2025-08-21',
    type: 'nieuws',
    title: L('Zomersluiting van het bureau', 'Summer closure of the office'),
    intro: L(
      'Van 4 tot en met 15 augustus is het bureau beperkt bereikbaar. Aanvragen nemen wij gewoon in behandeling.',
      'From 4 to 15 August the office is available on a limited basis. We continue to process applications.',
    ),
  },
  {
    day: '2025-07-10',
    type: 'nieuws',
    title: L(
      'Jaarverslag 2024: meer aanvragen uit het buitenland',
      'Annual report 2024: more applications from abroad',
    ),
    intro: L(
      'Een kwart van alle aanvragen in 2024 kwam van ontwerpers met een buitenlands diploma.',
      'A quarter of all applications in 2024 came from designers with a foreign diploma.',
    ),
  },
  {
    day: '2025-06-26',
    type: 'column',
    title: L('Wat een opdrachtgever mag verwachten van een architect', 'What a client may expect from an architect'),
    intro: L(
      'Een goede architect luistert, adviseert en maakt heldere afspraken over kosten en planning.',
      'A good architect listens, advises and makes clear agreements about costs and planning.',
    ),
    disciplines: ['architectuur'],
  },
  {
    day: '2025-06-12',
    type: 'nieuws',
    title: L('Nieuwe privacyverklaring', 'New privacy statement'),
    intro: L(
      'Wij hebben onze privacyverklaring bijgewerkt en duidelijker beschreven welke gegevens openbaar zijn.',
      'We have updated our privacy statement and described more clearly which data are public.',
    ),
  },
  {
    day: '2025-05-29',
    type: 'uitspraak',
    title: L(
      'Tuchtcollege: architect moet opdrachtgever helder informeren',
      'Disciplinary board: architect must inform client clearly',
    ),
    intro: L(
      'Het tuchtcollege berispte een architect die een opdrachtgever niet tijdig wees op hogere bouwkosten.',
      'The disciplinary board reprimanded an architect who failed to warn a client in time about higher construction costs.',
    ),
    disciplines: ['architectuur'],
  },
  {
    day: '2025-05-15',
    type: 'nieuws',
    title: L('Inschrijving met Zwitsers diploma vereenvoudigd', 'Registration with a Swiss diploma simplified'),
    intro: L(
      'Door een nieuwe afspraak met Zwitserland worden meer Zwitserse diploma’s automatisch erkend.',
      'Under a new agreement with Switzerland, more Swiss diplomas are recognised automatically.',
    ),
  },
  {
    day: '2025-04-24',
    type: 'nieuws',
    title: L('Cijfers over het eerste kwartaal van 2025', 'Figures for the first quarter of 2025'),
    intro: L(
      'In het eerste kwartaal schreven zich 280 nieuwe ontwerpers in, van wie 40 stedenbouwkundigen.',
      'In the first quarter 280 new designers registered, 40 of them urban planners.',
    ),
    disciplines: ['stedenbouw'],
  },
  {
    day: '2025-04-10',
    type: 'persbericht',
    title: L('Nieuwe directeur Bureau Architectenregister', "New director of the Architects' Register Office"),
    intro: L(
      'Marieke van der Berg is benoemd tot directeur van het Bureau Architectenregister.',
      "Marieke van der Berg has been appointed director of the Architects' Register Office.",
    ),
  },
  {
    day: '2025-03-27',
    type: 'nieuws',
    title: L(
      'Beroepservaringsperiode ook in deeltijd mogelijk',
      'Professional experience period also possible part-time',
    ),
    intro: L(
      'Wie in deeltijd werkt, kan de beroepservaringsperiode over een langere tijd spreiden.',
      'If you work part-time, you can spread the professional experience period over a longer time.',
    ),
  },
  {
    day: '2025-03-13',
    type: 'column',
    title: L('Landschap als opgave', 'Landscape as a task'),
    intro: L(
      'Water, hitte en biodiversiteit maken het landschap tot een van de grote ontwerpopgaven van deze tijd.',
      'Water, heat and biodiversity make the landscape one of the great design tasks of our time.',
    ),
    disciplines: ['tuin-en-landschapsarchitectuur'],
  },
  {
    day: '2025-02-27',
    type: 'nieuws',
    title: L('Vragen over de titel interieurarchitect', 'Questions about the title interior architect'),
    intro: L(
      'Mag een interieurontwerper zich interieurarchitect noemen? Wij beantwoorden de meest gestelde vragen.',
      'May an interior designer call themselves an interior architect? We answer the most frequently asked questions.',
    ),
    disciplines: ['interieurarchitectuur'],
  },
  {
    day: '2025-02-13',
    type: 'nieuws',
    title: L('Registratienummer vermelden in offertes', 'State your registration number in quotations'),
    intro: L(
      'Wij raden ingeschrevenen aan hun registratienummer in offertes en op hun website te vermelden.',
      'We advise registrants to state their registration number in quotations and on their website.',
    ),
  },
  {
    day: '2025-01-30',
    type: 'nieuws',
    title: L('Terugblik op de nieuwjaarsbijeenkomst 2025', "Looking back on the 2025 New Year's reception"),
    intro: L(
      'Ruim honderd gasten uit het onderwijs, de beroepsorganisaties en de overheid bezochten onze nieuwjaarsbijeenkomst.',
      "More than a hundred guests from education, professional bodies and government attended our New Year's reception.",
    ),
  },
];

const actuality = (line: ActualityLine, index: number, published = true): EntrySeed =>
  entrySeed({
    key: `actualities/${index}`,
    collection: 'actualities',
    slug: slugsOf(line.title),
    sites: BOTH_SITES,
    published,
    date: isoDate(line.day, '08:00'),
    updatedAt: isoDate(line.day, '10:30'),
    data: {
      title: line.title,
      actuality_type: termRef('actuality_types', line.type),
      disciplines: (line.disciplines ?? []).map((slug) => termRef('disciplines', slug)),
      intro: line.intro,
      // Every third item has its own picture; the rest fall back to the site's default.
      image: index % 3 === 0 ? image(`actualiteiten/${slugsOf(line.title).nl}`, line.title) : null,
      content: bilingualParagraphs(line.intro, CLOSING[line.type]),
      ...metaFields(index === 0 ? { seoDescription: line.intro, ogDescription: line.intro } : {}),
    },
  });

const DRAFT: ActualityLine = {
  day: '2026-11-20',
  type: 'nieuws',
  title: L('Concept: het nieuwe registerportaal gaat live', 'Draft: the new register portal goes live'),
  intro: L(
    'Dit bericht wordt gepubliceerd zodra het nieuwe portaal beschikbaar is.',
    'This item will be published as soon as the new portal is available.',
  ),
};

/** Dated far ahead: hidden from lists (scheduled) because actualities keep future dates private. */
const SCHEDULED: ActualityLine = {
  day: '2099-01-05',
  type: 'persbericht',
  title: L('Ingepland: jaarbericht van het register', 'Scheduled: the register’s annual message'),
  intro: L(
    'Een vooraf ingepland bericht; het verschijnt pas op de datum van publicatie.',
    'A message scheduled in advance; it appears only on its publication date.',
  ),
};

export const ACTUALITY_SEEDS: readonly EntrySeed[] = [
  ...LINES.map((line, index) => actuality(line, index)),
  actuality(DRAFT, LINES.length, false),
  actuality(SCHEDULED, LINES.length + 1),
];
