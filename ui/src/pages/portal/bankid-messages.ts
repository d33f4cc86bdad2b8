// What the debtor reads for each BankID hint code: BankID's recommended user messages (RFA),
// and the portal's own for a person without cases here (noParty) and a mismatched person.

const PENDING: Record<string, string> = {
  outstandingTransaction: 'Starta BankID-appen i din mobil och tryck på QR-symbolen. Skanna QR-koden, eller öppna BankID på den här enheten.',
  noClient: 'Starta BankID-appen.',
  started: 'Söker efter BankID, det kan ta en liten stund …',
  userSign: 'Skriv in din säkerhetskod i BankID-appen och välj Legitimera.',
  userMrtd: 'Läs in din id-handling i BankID-appen.',
};

const FAILED: Record<string, string> = {
  userCancel: 'Åtgärden avbruten.',
  cancelled: 'Åtgärden avbruten. Försök igen.',
  expiredTransaction: 'BankID-appen svarar inte. Kontrollera att den är startad och att du har internetanslutning. Försök sedan igen.',
  startFailed: 'BankID startades inte i tid. Skanna QR-koden eller öppna BankID-appen och försök igen.',
  certificateErr: 'Det BankID du försöker använda är för gammalt eller spärrat. Använd ett annat BankID eller skaffa ett nytt hos din bank.',
  noParty: 'Vi hittar inga ärenden för ditt personnummer hos oss. Kontakta oss om du har fått ett krav från oss.',
  personMismatch: 'Du legitimerade dig med ett annat personnummer än det du angav. Försök igen.',
};

export function pendingHintMessage(hintCode: string | undefined): string {
  return PENDING[hintCode ?? ''] ?? PENDING.outstandingTransaction!;
}

export function failedHintMessage(hintCode: string | undefined): string {
  return FAILED[hintCode ?? ''] ?? 'Internt tekniskt fel. Försök igen.';
}
