/**
 * The onboarding checklist of a new organisation (spec part 1 §2): ten steps in a fixed order,
 * each with a Swedish title, a one-line description, a guide text and a link into the staff shell.
 *
 * Links: the spec's table names /settings/communication-settings and /create-case, which are not
 * routes of the part 2 route table; they are mapped to the real routes /settings/communication and
 * /cases/create. The spec shows no link for setup_fees; the fee catalogue lives on the Ekonomi page
 * (part 2 §2), so the step links to /finance.
 *
 * Guide amounts are the statutory caps (lag 1981:739 4 § and 4 a §): reminder fee 60 kr only if
 * agreed when the debt arose, collection fee 180 kr, late-payment compensation 450 kr between
 * businesses only. The allocation order quoted is the guide's (costs, interest, principal).
 */

/** Step codes in checklist order. */
export const ONBOARDING_CHECKLIST_CODES = [
  'setup_organization',
  'add_creditor',
  'setup_communication',
  'create_templates',
  'setup_fees',
  'create_first_case',
  'send_first_communication',
  'register_payment',
  'setup_rules',
  'review_reports',
] as const;

export type OnboardingChecklistCode = (typeof ONBOARDING_CHECKLIST_CODES)[number];

/** One step of the checklist as shown to the user. */
export interface OnboardingStepDefinition {
  step_code: OnboardingChecklistCode;
  title: string;
  description: string;
  guide: string;
  /** A route of the staff shell, or null when the step has no page of its own. */
  link: string | null;
}

/**
 * The ten onboarding steps, in the order the checklist shows them.
 * @example ONBOARDING_STEP_DEFINITIONS[0].step_code // 'setup_organization'
 */
export const ONBOARDING_STEP_DEFINITIONS: readonly OnboardingStepDefinition[] = [
  {
    step_code: 'setup_organization',
    title: 'Konfigurera organisationen',
    description: 'Ange organisationens namn, organisationsnummer och adress.',
    guide:
      'Gå till Inställningar → Organisation och fyll i namn, organisationsnummer och adress. Uppgifterna används i brev, inkassokrav och ansökningar till Kronofogden.',
    link: '/settings/organisation',
  },
  {
    step_code: 'add_creditor',
    title: 'Lägg till en borgenär',
    description: 'Registrera den första kunden (borgenären) vars fordringar ni driver in.',
    guide: 'Öppna Kunder (Borgenärer) och skapa en ny kund. Sök på organisationsnummer för att hämta företagsuppgifterna, eller fyll i dem manuellt.',
    link: '/customers',
  },
  {
    step_code: 'setup_communication',
    title: 'Ställ in kommunikation',
    description: 'Konfigurera kanalerna e-post, SMS, Kivra och brev.',
    guide:
      'Under Inställningar → Kommunikation anger du avsändare och leverantör för varje kanal. Utan en aktiv kanal kan inga meddelanden skickas till gäldenärer.',
    link: '/settings/communication',
  },
  {
    step_code: 'create_templates',
    title: 'Skapa meddelandemallar',
    description: 'Skapa mallar för påminnelser, inkassokrav och andra utskick.',
    guide:
      'Skapa mallar med variabler som gäldenärens namn, belopp, förfallodatum och ärendereferens. Ett inkassokrav ska uppfylla kraven i inkassolagen (1974:182) och god inkassosed.',
    link: '/settings/templates',
  },
  {
    step_code: 'setup_fees',
    title: 'Ställ in avgifter och ränta',
    description: 'Kontrollera avgiftskatalogen och ränteprofilerna.',
    guide:
      'Lagens högsta belopp: påminnelseavgift 60 kr (bara om den avtalades när skulden uppstod), inkassoavgift 180 kr och förseningsersättning 450 kr (LATE_FEE_450, bara mellan näringsidkare). Inbetalningar avräknas i ordningen kostnader, ränta och sist kapital.',
    link: '/finance',
  },
  {
    step_code: 'create_first_case',
    title: 'Skapa ditt första ärende',
    description: 'Registrera en fordran och starta ett inkassoärende.',
    guide:
      'Klicka på Skapa ärende, välj borgenär och gäldenär och ange fordringens referensnummer, kapitalbelopp och förfallodatum. Ärendet skapas som utkast.',
    link: '/cases/create',
  },
  {
    step_code: 'send_first_communication',
    title: 'Skicka första meddelandet',
    description: 'Skicka en påminnelse eller ett inkassokrav till en gäldenär.',
    guide: 'Öppna ett ärende och välj Skicka meddelande. Välj mall och kanal och granska förhandsvisningen innan du skickar.',
    link: '/communication',
  },
  {
    step_code: 'register_payment',
    title: 'Registrera en inbetalning',
    description: 'Registrera en inbetalning och avräkna den mot ett ärende.',
    guide:
      'Under Inbetalningar registrerar du en betalning manuellt eller importerar en bankfil (BgMax, camt.053 eller CSV) och matchar den mot ett ärende via OCR-referensen.',
    link: '/payments',
  },
  {
    step_code: 'setup_rules',
    title: 'Konfigurera regler',
    description: 'Aktivera regelmotorns kontroller av avgifter, preskription och tvister.',
    guide:
      'Regelmotorn stoppar eller varnar för åtgärder som strider mot en regel, till exempel dubbla avgifter, preskriberade fordringar (3 år för konsumentfordringar, annars 10 år) och bestridda ärenden.',
    link: '/settings/rules',
  },
  {
    step_code: 'review_reports',
    title: 'Granska rapporter',
    description: 'Följ upp ärenden, inbetalningar och utestående belopp.',
    guide: 'Rapporterna sammanställer ärendeflöde, inbetalningar och utestående belopp. Granska dem regelbundet för att följa upp verksamheten.',
    link: '/reports',
  },
];

/**
 * True when `value` is one of the ten step codes.
 * @example isOnboardingChecklistCode('setup_fees') // true
 */
export function isOnboardingChecklistCode(value: unknown): value is OnboardingChecklistCode {
  return typeof value === 'string' && (ONBOARDING_CHECKLIST_CODES as readonly string[]).includes(value);
}
