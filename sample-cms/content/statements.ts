import { accordion, text } from './components.ts';
import type { Component } from './components.ts';
import { L } from './model.ts';
import type { Bilingual } from './model.ts';

// The statements a Dutch public body owes on its website, as the pages collection holds them: the
// accessibility statement in the official model of the Besluit digitale toegankelijkheid overheid
// (status, norm, scope, measures, known problems, date, contact, the national register) and the privacy
// statement with every item of art. 13 AVG (GDPR), for the website's own processing: the title-misuse
// report, the locale cookie and Matomo in the settings that need no consent.

interface Statement {
  seoDescription: Bilingual<string>;
  components: readonly Component[];
}

const CONTACT_NL =
  '<p>Bureau Architectenregister<br>Koningskade 30, 2596 AA Den Haag<br>Postadres: Postbus 30120, 2500 GC Den Haag<br>Telefoon: <a href="tel:+31701234567">070 123 45 67</a> (werkdagen 9.00 tot 12.30 uur)</p>';
const CONTACT_EN =
  '<p>Architects\' Register Office<br>Koningskade 30, 2596 AA The Hague, the Netherlands<br>Postal address: PO Box 30120, 2500 GC The Hague<br>Phone: <a href="tel:+31701234567">+31 70 123 45 67</a> (working days 9:00 to 12:30)</p>';

export const ACCESSIBILITY_STATEMENT: Statement = {
  seoDescription: L(
    'Hoe toegankelijk www.architectenregister.nl is: de status volgens het Besluit digitale toegankelijkheid overheid, de bekende problemen, onze maatregelen en waar u een probleem meldt.',
    'How accessible www.architectenregister.nl is: its status under the Dutch accessibility decree for public bodies, the known problems, our measures and where to report a problem.',
  ),
  components: [
    text(
      null,
      L(
        '<p>Het Bureau Architectenregister wil dat iedereen de website <strong>www.architectenregister.nl</strong> kan gebruiken: ook wie slecht ziet, doof is, een hand niet kan gebruiken of moeite heeft met lezen. Wij zorgen daarom voor een toegankelijke website. Deze verklaring zegt hoe ver wij daarmee zijn.</p>',
        "<p>The Architects' Register Office wants everyone to be able to use <strong>www.architectenregister.nl</strong>: including people who are partially sighted or deaf, cannot use a hand or find reading difficult. That is why we take care to make the website accessible. This statement says how far we have come.</p>",
      ),
    ),
    text(
      L('Status', 'Status'),
      L(
        '<p>Het Bureau Architectenregister verklaart dat www.architectenregister.nl <strong>gedeeltelijk voldoet</strong> aan het Besluit digitale toegankelijkheid overheid. Dat betekent: de website voldoet aan de eisen, op de problemen na die hieronder bij Bekende problemen staan. Voor elk daarvan is vastgelegd wanneer het is opgelost.</p>',
        "<p>The Architects' Register Office declares that www.architectenregister.nl <strong>partially complies</strong> with the Dutch Decree on the digital accessibility of public bodies (Besluit digitale toegankelijkheid overheid). That means: the website meets the requirements, except for the problems listed below under Known problems. For each of them we have set a date by which it will be solved.</p>",
      ),
    ),
    text(
      L('De norm', 'The standard'),
      L(
        '<p>De eis is de Europese norm <strong>EN 301 549</strong>, die voor websites gelijk is aan de Web Content Accessibility Guidelines, <strong>WCAG 2.1, niveau A en AA</strong>. Daarnaast houden wij ons aan de nieuwere criteria van WCAG 2.2 waar dat kan.</p>',
        '<p>The requirement is the European standard <strong>EN 301 549</strong>, which for websites equals the Web Content Accessibility Guidelines, <strong>WCAG 2.1, levels A and AA</strong>. Where we can, we also meet the newer criteria of WCAG 2.2.</p>',
      ),
    ),
    text(
      L('Waarvoor deze verklaring geldt', 'What this statement covers'),
      L(
        "<p>Deze verklaring geldt voor alle pagina's van www.architectenregister.nl, in het Nederlands en in het Engels: de informatie over inschrijving, de wet en klachten, het zoeken in het register, de registratiepagina's, het formulier om titelmisbruik te melden, het nieuws, de agenda en de publicaties.</p><p>Zij geldt niet voor het registerportaal (portaal.architectenregister.nl), waarin ingeschreven architecten hun eigen gegevens beheren: dat heeft een eigen toegankelijkheidsverklaring. Documenten die vóór 23 september 2018 zijn gepubliceerd en niet meer nodig zijn voor onze dienstverlening vallen buiten de eisen.</p>",
        '<p>This statement covers every page of www.architectenregister.nl, in Dutch and in English: the information on registration, the law and complaints, the register search, the registration pages, the form for reporting misuse of a title, the news, the events and the publications.</p><p>It does not cover the register portal (portaal.architectenregister.nl), where registered architects manage their own details: that has an accessibility statement of its own. Documents published before 23 September 2018 that our services no longer need fall outside the requirements.</p>',
      ),
    ),
    text(
      L('Onderzoek en maatregelen', 'Evaluation and measures'),
      L(
        "<p>Een onafhankelijk onderzoeksbureau heeft de website op 15 oktober 2026 getoetst aan WCAG 2.1 niveau AA, volgens de onderzoeksmethode WCAG-EM, op een steekproef van 35 pagina's in beide talen. Het rapport sturen wij u op verzoek toe.</p><p>Wat wij verder doen:</p><ul><li>Elke wijziging van de website wordt vóór publicatie automatisch getoetst (axe) en met het toetsenbord en een schermlezer (NVDA, VoiceOver) nagelopen.</li><li>Redacteuren leren toegankelijk schrijven: duidelijke koppen, beschrijvende linkteksten, tekstalternatieven bij afbeeldingen en taalniveau B1.</li><li>Bij elke opdracht voor een website, app of document stellen wij toegankelijkheid als eis.</li><li>In het voorjaar van 2027 testen mensen met een beperking de website, het zoeken in het register en het meldformulier.</li></ul>",
        '<p>An independent evaluation firm tested the website against WCAG 2.1 level AA on 15 October 2026, following the WCAG-EM evaluation methodology, on a sample of 35 pages in both languages. We will send you the report on request.</p><p>What else we do:</p><ul><li>Every change to the website is tested automatically (axe) and checked with the keyboard and a screen reader (NVDA, VoiceOver) before it is published.</li><li>Editors learn to write accessibly: clear headings, descriptive link texts, text alternatives for images and plain language (level B1).</li><li>Every contract for a website, app or document makes accessibility a requirement.</li><li>In spring 2027, people with disabilities will test the website, the register search and the report form.</li></ul>',
      ),
    ),
    accordion(L('Bekende problemen', 'Known problems'), [
      {
        question: L(
          'Oudere jaarverslagen zijn niet volledig toegankelijk (PDF)',
          'Older annual reports are not fully accessible (PDF)',
        ),
        answer: L(
          '<p>De jaarverslagen over 2019 tot en met 2022 zijn PDF-bestanden zonder structuur: een schermlezer leest koppen en tabellen niet als zodanig voor (WCAG 1.3.1 Info en relaties, 1.3.2 Betekenisvolle volgorde). Wij vervangen ze uiterlijk op 1 april 2027 door toegankelijke versies. Heeft u een van deze verslagen eerder nodig, vraag het ons: u krijgt binnen vijf werkdagen een toegankelijke versie.</p>',
          '<p>The annual reports for 2019 to 2022 are PDF files without structure: a screen reader does not announce their headings and tables as such (WCAG 1.3.1 Info and Relationships, 1.3.2 Meaningful Sequence). We will replace them with accessible versions by 1 April 2027. If you need one of these reports sooner, ask us: you will receive an accessible version within five working days.</p>',
        ),
      },
      {
        question: L(
          'De route naar ons kantoor staat alleen op een plattegrond',
          'The route to our office is shown only on a map',
        ),
        answer: L(
          '<p>Op de contactpagina staat de looproute vanaf station Den Haag Centraal alleen op de plattegrond; de tekst bij de afbeelding beschrijft de route niet (WCAG 1.1.1 Niet-tekstuele content). Wij voegen de route uiterlijk op 1 februari 2027 in tekst toe. Tot dan beschrijven wij haar u graag aan de telefoon.</p>',
          '<p>On the contact page, the walking route from The Hague Central station is shown only on the map; the text with the image does not describe the route (WCAG 1.1.1 Non-text Content). We will add the route as text by 1 February 2027. Until then, we are glad to describe it to you on the phone.</p>',
        ),
      },
    ]),
    text(
      L('Een probleem melden', 'Reporting a problem'),
      L(
        '<p>Kunt u iets op deze website niet gebruiken, of heeft u informatie in een andere vorm nodig? Laat het ons weten: per e-mail aan <a href="mailto:toegankelijkheid@architectenregister.nl">toegankelijkheid@architectenregister.nl</a> of per telefoon. Binnen vijf werkdagen krijgt u een ontvangstbevestiging, en binnen drie weken een oplossing of een antwoord dat zegt wanneer u die krijgt.</p>' +
          CONTACT_NL +
          '<p>Bent u niet tevreden over hoe wij met uw melding omgaan, dan kunt u een klacht indienen volgens onze <a href="/klachten">klachtenregeling</a>. Bent u daarna nog niet tevreden, dan kunt u zich wenden tot de <a href="https://www.nationaleombudsman.nl/">Nationale ombudsman</a>.</p>',
        '<p>Is there something on this website you cannot use, or do you need information in another form? Let us know: by email to <a href="mailto:toegankelijkheid@architectenregister.nl">toegankelijkheid@architectenregister.nl</a> or by phone. Within five working days you will receive an acknowledgement, and within three weeks a solution or an answer that says when you will get one.</p>' +
          CONTACT_EN +
          '<p>If you are not satisfied with how we handle your report, you can make a complaint under our <a href="/en/complaints">complaints procedure</a>. If you are still not satisfied after that, you can turn to the <a href="https://www.nationaleombudsman.nl/">National Ombudsman</a>.</p>',
      ),
    ),
    text(
      L('Datum en register', 'Date and register'),
      L(
        '<p>Deze verklaring is opgesteld op 2 november 2026, na het onderzoek van 15 oktober 2026. Wij herzien haar elk jaar en na elke grote wijziging van de website.</p><p>De verklaring is opgenomen in het <a href="https://www.toegankelijkheidsverklaring.nl/register">landelijke register van toegankelijkheidsverklaringen</a>.</p>',
        '<p>This statement was drawn up on 2 November 2026, after the evaluation of 15 October 2026. We review it every year and after every major change to the website.</p><p>The statement is included in the <a href="https://www.toegankelijkheidsverklaring.nl/register">Dutch national register of accessibility statements</a>.</p>',
      ),
    ),
  ],
};

export const PRIVACY_STATEMENT: Statement = {
  seoDescription: L(
    'Welke persoonsgegevens het Bureau Architectenregister via deze website verwerkt, waarom, hoe lang, aan wie wij ze geven en welke rechten u heeft.',
    "Which personal data the Architects' Register Office processes through this website, why, for how long, who receives them and what your rights are.",
  ),
  components: [
    text(
      null,
      L(
        '<p>Het Bureau Architectenregister voert de Wet op de architectentitel uit en gaat zorgvuldig om met persoonsgegevens. In deze verklaring leest u welke gegevens wij via deze website verwerken, waarvoor, op welke grond, hoe lang wij ze bewaren, wie ze ontvangt en welke rechten u heeft.</p>',
        "<p>The Architects' Register Office carries out the Dutch Architects' Title Act (Wet op de architectentitel) and handles personal data with care. This statement tells you which data we process through this website, for what purpose, on what legal ground, how long we keep them, who receives them and what your rights are.</p>",
      ),
    ),
    text(
      L('Wie verantwoordelijk is', 'Who is responsible'),
      L(
        '<p>Verwerkingsverantwoordelijke is het Bureau Architectenregister (KvK 27654321).</p>' +
          CONTACT_NL +
          '<p>Vragen over privacy stelt u aan <a href="mailto:privacy@architectenregister.nl">privacy@architectenregister.nl</a>. Onze functionaris gegevensbescherming bereikt u op <a href="mailto:fg@architectenregister.nl">fg@architectenregister.nl</a>.</p>',
        "<p>The controller is the Architects' Register Office (Chamber of Commerce 27654321).</p>" +
          CONTACT_EN +
          '<p>Please send questions about privacy to <a href="mailto:privacy@architectenregister.nl">privacy@architectenregister.nl</a>. You can reach our data protection officer at <a href="mailto:fg@architectenregister.nl">fg@architectenregister.nl</a>.</p>',
      ),
    ),
    text(
      L('Het openbare register', 'The public register'),
      L(
        '<p>De wet schrijft voor dat het register openbaar is, zodat iedereen kan nagaan of iemand een beschermde titel mag voeren. Van elke ingeschreven persoon toont de website daarom de naam, de woonplaats of vestigingsplaats, het registratienummer, de titel of titels, de datum van inschrijving en een schorsing of doorhaling. Grondslag: een wettelijke verplichting (artikel 6, lid 1, onder c AVG) en de uitvoering van onze publieke taak (onder e). Wat u bij uw inschrijving verder opgeeft, zoals uw adres, geboortedatum en diploma, is niet openbaar.</p>',
        '<p>The law requires the register to be public, so that anyone can check whether someone may use a protected title. For every registered person the website therefore shows the name, town of residence or business, registration number, title or titles, date of registration and any suspension or removal. Legal ground: a legal obligation (Article 6(1)(c) GDPR) and the performance of our public task (point (e)). What else you provide when you register, such as your address, date of birth and diploma, is not public.</p>',
      ),
    ),
    text(
      L('Een melding van titelmisbruik', 'A report of title misuse'),
      L(
        '<p>Met het <a href="/de-wet/titelmisbruik-melden">meldformulier</a> geeft u ons de gegevens over de persoon of het bureau dat u meldt: de naam, de gebruikte titel, de plaats en uw toelichting. Uw eigen naam en e-mailadres zijn <strong>niet verplicht</strong>: u mag anoniem melden. Laat u ze achter, dan gebruiken wij ze alleen om u vragen over uw melding te stellen. Wij geven ze niet aan de persoon of het bureau dat u meldt.</p><p>Uw melding krijgt een kenmerk, dat u na het verzenden ziet. Het staat in het adres van die bevestigingspagina, zodat u het kunt bewaren; de bezoekersstatistieken krijgen dat adres zonder kenmerk.</p><p>Doel: toezien op de bescherming van de titels. Grondslag: de uitvoering van onze publieke taak (artikel 6, lid 1, onder e AVG). Om misbruik van het formulier te voorkomen, telt de website een uur lang hoeveel meldingen van hetzelfde internetadres komen; dat adres wordt daarna vergeten en niet bij de melding bewaard.</p>',
        '<p>With the <a href="/en/the-law/report-title-misuse">report form</a> you give us details of the person or bureau you report: the name, the title used, the place and your explanation. Your own name and email address are <strong>optional</strong>: you may report anonymously. If you leave them, we use them only to ask you questions about your report. We never pass them on to the person or bureau you report.</p><p>Your report is given a reference, which you see once you have sent it. It is in the address of that confirmation page, so that you can keep it; the visitor statistics receive that address without the reference.</p><p>Purpose: enforcing the protection of the titles. Legal ground: the performance of our public task (Article 6(1)(e) GDPR). To prevent misuse of the form, the website counts for one hour how many reports come from the same internet address; the address is then forgotten and never kept with the report.</p>',
      ),
    ),
    text(
      L('Cookies en statistieken', 'Cookies and statistics'),
      L(
        "<p>Deze website plaatst één cookie, <strong>i18n_redirected</strong>. Het onthoudt of u de website in het Nederlands of in het Engels leest (waarde <em>nl</em> of <em>en</em>) en blijft 365 dagen bewaard. Het wordt alleen in uw browser gebruikt: onze server leest het niet. Omdat het nodig is voor de werking van de website, vragen wij er geen toestemming voor.</p><p>Om de website te verbeteren meten wij het gebruik met <strong>Matomo</strong>, op een server die wij zelf beheren, in de instellingen die volgens de Autoriteit Persoonsgegevens geen toestemming vragen:</p><ul><li>Matomo plaatst geen cookies en herkent u niet bij een later bezoek.</li><li>Uw IP-adres wordt geanonimiseerd: de laatste twee delen worden verwijderd voordat iets wordt opgeslagen.</li><li>De gegevens worden niet gedeeld met anderen en niet gekoppeld aan andere gegevens.</li></ul><p>Wij zien dus alleen welke pagina's worden bekeken, waarop wordt gezocht en vanaf welk soort apparaat, niet wie u bent. Grondslag: de goede uitvoering van onze publieke taak (artikel 6, lid 1, onder e AVG). Deze privacyverklaring zelf en de toegankelijkheidsverklaring meten wij niet.</p>",
        '<p>This website sets one cookie, <strong>i18n_redirected</strong>. It remembers whether you read the website in Dutch or in English (value <em>nl</em> or <em>en</em>) and is kept for 365 days. It is used only in your browser: our server does not read it. As it is needed for the website to work, we do not ask your consent for it.</p><p>To improve the website we measure its use with <strong>Matomo</strong>, on a server we manage ourselves, in the settings that according to the Dutch Data Protection Authority need no consent:</p><ul><li>Matomo sets no cookies and does not recognise you on a later visit.</li><li>Your IP address is anonymised: its last two parts are removed before anything is stored.</li><li>The data are not shared with others and not combined with other data.</li></ul><p>So we see only which pages are viewed, what is searched for and from what kind of device, not who you are. Legal ground: the proper performance of our public task (Article 6(1)(e) GDPR). We do not measure this privacy statement itself or the accessibility statement.</p>',
      ),
    ),
    text(
      L('Wie uw gegevens ontvangt', 'Who receives your data'),
      L(
        '<p>Wij verkopen uw gegevens niet en geven ze alleen aan anderen als dat nodig is:</p><ul><li>het bedrijf dat onze website en ons beheersysteem host, in Nederland, als verwerker met een verwerkersovereenkomst;</li><li>het Openbaar Ministerie, als wij aangifte doen van titelmisbruik, en alleen de gegevens die daarvoor nodig zijn.</li></ul><p>Wij geven geen gegevens door naar landen buiten de Europese Economische Ruimte. Wij nemen geen besluiten over u die alleen door een computer worden genomen.</p>',
        '<p>We do not sell your data and pass them on only where necessary:</p><ul><li>the company that hosts our website and content management system, in the Netherlands, as a processor under a data processing agreement;</li><li>the Public Prosecution Service, if we report misuse of a title, and only the data needed for that.</li></ul><p>We transfer no data to countries outside the European Economic Area. We take no decisions about you by automated means alone.</p>',
      ),
    ),
    text(
      L('Hoe lang wij gegevens bewaren', 'How long we keep data'),
      L(
        '<table><thead><tr><th scope="col">Gegevens</th><th scope="col">Bewaartermijn</th></tr></thead><tbody><tr><td>Melding van titelmisbruik, met uw naam en e-mailadres</td><td>2 jaar na afsluiting van de zaak</td></tr><tr><td>Melding die de website nog moet doorsturen</td><td>tot zij bij ons is aangekomen</td></tr><tr><td>Internetadres bij het tellen van meldingen</td><td>1 uur</td></tr><tr><td>Statistieken van Matomo (zonder volledig IP-adres)</td><td>25 maanden</td></tr><tr><td>Taalcookie i18n_redirected (in uw browser)</td><td>365 dagen</td></tr><tr><td>Gegevens in het openbare register</td><td>zolang de inschrijving loopt, daarna volgens de Archiefwet</td></tr></tbody></table>',
        '<table><thead><tr><th scope="col">Data</th><th scope="col">Kept for</th></tr></thead><tbody><tr><td>Report of title misuse, with your name and email address</td><td>2 years after the case is closed</td></tr><tr><td>Report the website has yet to pass on</td><td>until it has reached us</td></tr><tr><td>Internet address when counting reports</td><td>1 hour</td></tr><tr><td>Matomo statistics (without the full IP address)</td><td>25 months</td></tr><tr><td>Language cookie i18n_redirected (in your browser)</td><td>365 days</td></tr><tr><td>Data in the public register</td><td>while the registration lasts, then as the Public Records Act requires</td></tr></tbody></table>',
      ),
    ),
    text(
      L('Uw rechten', 'Your rights'),
      L(
        '<p>U heeft het recht uw gegevens in te zien, te laten verbeteren of aanvullen, te laten wissen als wij ze niet meer nodig hebben en de verwerking te laten beperken. Omdat wij gegevens verwerken voor onze publieke taak, kunt u ook bezwaar maken tegen de verwerking; het recht op overdraagbaarheid geldt daarvoor niet. Gegevens in het openbare register kunnen niet worden gewist zolang u ingeschreven staat, wel verbeterd.</p><p>Stuur uw verzoek aan <a href="mailto:privacy@architectenregister.nl">privacy@architectenregister.nl</a> of per post. Wij antwoorden binnen een maand en kunnen u vragen aan te tonen wie u bent.</p>',
        '<p>You have the right to access your data, to have them corrected or completed, to have them erased when we no longer need them and to have their processing restricted. As we process data for our public task, you may also object to the processing; the right to data portability does not apply to it. Data in the public register cannot be erased while you are registered, but they can be corrected.</p><p>Send your request to <a href="mailto:privacy@architectenregister.nl">privacy@architectenregister.nl</a> or by post. We answer within one month and may ask you to show who you are.</p>',
      ),
    ),
    text(
      L('Een klacht over privacy', 'A complaint about privacy'),
      L(
        '<p>Bent u het niet eens met hoe wij met uw gegevens omgaan, laat het ons of onze functionaris gegevensbescherming weten. U heeft ook altijd het recht een klacht in te dienen bij de <strong>Autoriteit Persoonsgegevens</strong>, Postbus 93374, 2509 AJ Den Haag, <a href="https://www.autoriteitpersoonsgegevens.nl/">autoriteitpersoonsgegevens.nl</a>.</p><p>Deze verklaring is vastgesteld op 2 november 2026. Verandert er iets, dan passen wij haar aan en vermelden wij de nieuwe datum.</p>',
        '<p>If you disagree with how we handle your data, please tell us or our data protection officer. You also always have the right to lodge a complaint with the Dutch Data Protection Authority, the <strong>Autoriteit Persoonsgegevens</strong>, PO Box 93374, 2509 AJ The Hague, <a href="https://www.autoriteitpersoonsgegevens.nl/en">autoriteitpersoonsgegevens.nl</a>.</p><p>This statement was adopted on 2 November 2026. If anything changes, we will update it and state the new date.</p>',
      ),
    ),
  ],
};
