/**
 * Expected failures of the domain. Every error carries a stable `code` (what tests, the API's
 * status mapping and the UI match on) and a Swedish message (what a person reads). Messages
 * quoted from the spec are verbatim.
 */

/** The catalogue: code → default Swedish message. Keep codes SCREAMING_SNAKE_CASE and stable. */
export const ERROR_MESSAGES = {
  // general input
  VALIDATION_FAILED: 'Validering misslyckades',
  REQUIRED_FIELDS_MISSING: 'Alla obligatoriska fält måste fyllas i',
  INVALID_ID: 'Ogiltigt id',
  INVALID_EMAIL: 'Ogiltig e-postadress',
  INVALID_OPTION: 'Ogiltigt val',
  TEXT_TOO_LONG: 'Texten är för lång',
  VALUE_OUT_OF_RANGE: 'Värdet är utanför tillåtet intervall',
  DISPUTE_DESCRIPTION_REQUIRED: 'Vänligen beskriv din invändning',
  DISPUTE_DESCRIPTION_TOO_LONG: 'Invändningen får vara högst 1000 tecken',

  // money
  INVALID_AMOUNT: 'Ogiltigt belopp',
  AMOUNT_MISSING: 'Ange ett belopp',
  AMBIGUOUS_AMOUNT: 'Otydligt belopp: skriv tusental med mellanslag och decimaler efter kommatecken, t.ex. 2 000,50',
  TOO_MANY_DECIMALS: 'Beloppet får ha högst två decimaler',
  NEGATIVE_AMOUNT: 'Beloppet får inte vara negativt',
  AMOUNT_NOT_POSITIVE: 'Belopp måste vara större än 0',
  AMOUNT_OUT_OF_RANGE: 'Beloppet är utanför tillåtet intervall',
  AMOUNT_BELOW_MINIMUM: 'Lägsta belopp är 1 kr',
  INVALID_RATE: 'Ogiltig räntesats',

  // dates
  INVALID_DATE: 'Ogiltigt datum',
  DUE_DATE_IN_FUTURE: 'Förfallodatum måste vara i det förflutna',
  PAID_DATE_IN_FUTURE: 'Betaldatum kan inte vara i framtiden',

  // identifiers
  INVALID_PERSONNUMMER: 'Ogiltigt personnummer',
  INVALID_ORGANISATIONSNUMMER: 'Ogiltigt organisationsnummer',
  INVALID_BANKGIRO: 'Ogiltigt bankgironummer',
  INVALID_PLUSGIRO: 'Ogiltigt plusgironummer',
  INVALID_IBAN: 'Ogiltigt IBAN',
  INVALID_OCR: 'Ogiltigt OCR-nummer',

  // interest
  NOT_YET_DUE: 'Ingen ränta – Fordran är inte förfallen ännu',
  REFERENCE_RATE_MISSING: 'Referensränta saknas för perioden',
  INVALID_INTEREST_PROFILE: 'Ogiltig ränteprofil',
  INVALID_INTEREST_PERIOD: 'Ogiltig ränteperiod – slutdatum ligger före startdatum',

  // fees
  NO_DOUBLE_FEES: 'Avgift redan tillagd',
  FEE_NOT_FOUND: 'Avgiften finns inte i avgiftskatalogen',
  FEE_NOT_ALLOWED: 'Avgiften får inte tas ut i detta ärende',
  ACTION_BLOCKED: 'Åtgärd blockerad',

  // rules
  INVALID_RULE: 'Ogiltig regel',

  // allocation and ledger
  PAYMENT_EXCEEDS_OUTSTANDING: 'Betalning överstiger utestående belopp',
  UNBALANCED_JOURNAL: 'Verifikationen balanserar inte',
  UNKNOWN_ACCOUNT: 'Okänt konto',

  // payment plans
  INVALID_INSTALLMENTS: 'Antal delbetalningar måste vara mellan 2 och 12',
  FIRST_DUE_DATE_TOO_EARLY: 'Första förfallodag måste vara minst 7 dagar fram i tiden',
  PAYMENT_PLAN_FEE_ABOVE_MAX: 'Avgiften för betalplan får vara högst 170 kr (lag 1981:739 4 §)',

  // KFM
  KFM_BLOCKED: 'Ärendet kan inte eskaleras på grund av blockerade regler',
  KFM_WARNINGS: 'Varningar hittades, granska innan du fortsätter',
  KFM_INVALID_SNAPSHOT: 'Ogiltigt underlag för ansökan',
  KFM_PAYMENT_PLAN_OPEN: 'Ärendet har en öppen betalningsplan – avsluta eller bryt den innan ansökan till Kronofogden',
  KFM_DEMAND_NOT_DELIVERED: 'Inget inkassokrav har nått gäldenären minst 8 dagar före ansökan',

  // communications
  UNKNOWN_TEMPLATE_VARIABLE: 'Okänd variabel i mallen',
  TEMPLATE_VALUE_MISSING: 'Värde saknas för variabel i mallen',
  NO_CONTACT_FOR_CHANNEL: 'Ingen e-postadress/telefonnummer finns för gäldenären',
  INVALID_COMMUNICATION_TRANSITION: 'Åtgärden är inte tillåten för meddelandets status',
  TEMPLATE_FIELDS_MISSING: 'Namn och kod måste fyllas i.',
  INVALID_SMS_SENDER: 'Avsändarnamnet får ha högst 11 tecken och bara bokstäver',
  INTEREST_SPECIFICATION_MISMATCH: 'Ränteperioderna stämmer inte med ärendets ränta – beräkna räntan på nytt innan kravet skickas',
  DEMAND_PAYMENT_DAYS_TOO_SHORT: 'Betalningstiden i ett inkassokrav måste vara minst 8 dagar',
  DUPLICATE_COMMUNICATION: 'Samma meddelande har redan skickats till mottagaren i dag',
  RECIPIENT_OPTED_OUT: 'Mottagaren har avregistrerat sig från utskick via kanalen',
  INVALID_UNSUBSCRIBE_LINK: 'Länken för avregistrering är ogiltig',

  // bank files
  BANK_FILE_UNREADABLE: 'Filen kunde inte läsas',
  BANK_FILE_UNKNOWN_FORMAT: 'Okänt filformat',
  BANK_FILE_STRUCTURE: 'Bankfilens poster saknas eller kommer i fel ordning',
  BANK_FILE_TOTALS_MISMATCH: 'Summor eller antal i bankfilen stämmer inte',
  BANK_FILE_INVALID_FIELD: 'Ogiltigt fält i bankfilen',
  BANK_FILE_LINE_FORMAT: 'Raden har fel längd eller otillåtna tecken',
  BANK_FILE_RECORD_IGNORED: 'Posten lästes inte in',
  BANK_FILE_REVERSAL: 'Posten är en återföring',
  BANK_FILE_DUPLICATE_TRANSACTION: 'Transaktionen förekommer flera gånger i filen',
  BANK_FILE_CURRENCY: 'Beloppet är i en annan valuta än kontots och bokförs inte',
  BANK_FILE_RETURNED: 'Posten är en returnerad betalning och bokförs inte som inbetalning',
  BANK_FILE_UNKNOWN_ACCOUNT: 'Filen gäller ett konto som organisationen inte har',
  BANK_STATEMENT_BALANCE_MISMATCH: 'Ingående saldo plus transaktioner stämmer inte med utgående saldo',
  RESOLUTION_NOT_ALLOWED: 'Åtgärden löser inte avvikelsen',

  // state machines
  INVALID_TRANSITION: 'Övergången är inte tillåten',

  // access, auth and resources (raised by services, mapped to HTTP statuses by the API)
  UNAUTHORIZED: 'Du måste logga in',
  FORBIDDEN: 'Du saknar behörighet för detta',
  NOT_FOUND: 'Hittades inte',
  CONFLICT: 'Konflikt med befintliga uppgifter',
  USER_EXISTS: 'En användare med denna e-post finns redan',
  INVALID_CREDENTIALS: 'Felaktiga inloggningsuppgifter',
  PASSWORD_TOO_SHORT: 'Minst 6 tecken',
  INVALID_REFRESH_TOKEN: 'Sessionen är ogiltig, logga in igen',
  MFA_REQUIRED: 'Tvåstegsverifiering krävs',
  INVALID_MFA_CODE: 'Felaktig verifieringskod',
  RATE_LIMITED: 'För många försök, försök igen om en stund',
  FILE_TOO_LARGE: 'Maximal filstorlek är 2MB',
  INVALID_FILE_TYPE: 'Endast bilder är tillåtna',
  INVALID_INVITATION: 'Inbjudan är ogiltig eller har gått ut',
  UNSUPPORTED_MEDIA_TYPE: 'Innehållstypen stöds inte',
  REQUEST_TOO_LARGE: 'Begäran är för stor',
  LOOKUP_FAILED: 'Kunde inte söka',
  INTERNAL_ERROR: 'Ett oväntat fel inträffade, försök igen senare',
} as const;

export type DomainErrorCode = keyof typeof ERROR_MESSAGES;

/** A failure the domain expects and names. Never thrown for programming errors. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details?: unknown;

  constructor(code: DomainErrorCode, message: string = ERROR_MESSAGES[code], details?: unknown) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    if (details !== undefined) this.details = details;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}

/** A problem found at a location, collected rather than thrown (parsers, validators). */
export interface Finding {
  code: DomainErrorCode;
  message: string;
  /** 1-based line number in an input file, when the finding comes from one. */
  line?: number;
  /** Field path, when the finding concerns a structured value. */
  path?: string;
}
