// Setting up a TOTP authenticator app: start an enrolment, show the otpauth:// URI as a QR code
// to scan beside the secret and the link to copy (for a phone without a camera, or a desktop
// app), then verify a six-digit code, which turns the session into aal2.
import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { enrollMfaFactor, unenrollMfaFactor, type MfaEnrollment } from '../api/auth';
import { useAuth } from '../lib/auth';
import { useForm } from '../lib/use-form';
import { CopyField } from './copy-field';
import { useToast } from './toast';
import { TOTP_CODE_PATTERN, TotpCodeField } from './totp-code-field';

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into a phone. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export interface MfaEnrollmentFlowProps {
  /** Called once the code was verified (the session is aal2 now). */
  onVerified(): void;
  /** Called when the user gives up; an unfinished factor is removed first. */
  onCancel?(): void;
  /** The label of the start button. */
  startLabel?: string;
}

export function MfaEnrollmentFlow({ onVerified, onCancel, startLabel = 'Koppla autentiseringsapp' }: MfaEnrollmentFlowProps) {
  const { toast } = useToast();
  const [enrollment, setEnrollment] = useState<MfaEnrollment | null>(null);
  const [isStarting, setIsStarting] = useState(false);

  const start = async () => {
    setIsStarting(true);
    try {
      setEnrollment(await enrollMfaFactor('Autentiseringsapp'));
    } catch (error) {
      toast({ title: 'Fel', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setIsStarting(false);
    }
  };

  const cancel = async () => {
    // An unverified factor protects nothing; do not leave it behind.
    if (enrollment) await unenrollMfaFactor(enrollment.id).catch(() => undefined);
    setEnrollment(null);
    onCancel?.();
  };

  if (!enrollment) {
    return (
      <Flex gap="3" justify="end">
        {onCancel ? (
          <Button variant="soft" color="gray" onClick={onCancel}>
            Avbryt
          </Button>
        ) : null}
        <Button loading={isStarting} onClick={() => void start()}>
          {startLabel}
        </Button>
      </Flex>
    );
  }
  return <VerifyEnrollment enrollment={enrollment} onVerified={onVerified} onCancel={() => void cancel()} />;
}

function VerifyEnrollment({ enrollment, onVerified, onCancel }: { enrollment: MfaEnrollment; onVerified(): void; onCancel(): void }) {
  const { verifyMfa } = useAuth();
  const { toast } = useToast();
  const form = useForm(
    { code: '' },
    {
      failure: 'Verifieringen misslyckades',
      // A refused code is typed again from the start.
      onFailure: () => form.set({ code: '' }),
      async submit({ code }) {
        await verifyMfa(code, enrollment.id);
        toast({ title: 'Tvåstegsverifiering aktiverad', description: 'Nästa gång du loggar in frågar vi efter en kod.', variant: 'success' });
        onVerified();
      },
    },
  );

  return (
    <form onSubmit={form.onSubmit}>
      <Flex direction="column" gap="4">
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium">
            1. Lägg till Fordran i din autentiseringsapp
          </Text>
          <Text size="2" color="gray">
            Skanna QR-koden med appen, eller lägg till ett konto och ange nyckeln för hand (tidsbaserad).
          </Text>
        </Flex>
        <Flex gap="4" align="start" wrap="wrap">
          {/* Dark on white whatever the theme: scanners need the contrast. */}
          <Box className="totp-qr">
            <QRCodeSVG value={enrollment.otpauth_uri} size={144} marginSize={2} role="img" aria-label="QR-kod för autentiseringsappen" />
          </Box>
          <Flex direction="column" gap="3" flexGrow="1" minWidth="220px">
            <CopyField label="Nyckel" value={enrollment.secret} displayValue={groupSecret(enrollment.secret)} className="totp-secret" />
            <CopyField label="Länk för autentiseringsapp" value={enrollment.otpauth_uri} />
          </Flex>
        </Flex>
        <Flex direction="column" gap="1">
          <Text size="2" weight="medium">
            2. Ange koden som appen visar
          </Text>
        </Flex>
        <TotpCodeField value={form.values.code} onChange={(code) => form.set({ code })} autoFocus />
        <Flex gap="3" justify="end">
          <Button type="button" variant="soft" color="gray" onClick={onCancel} disabled={form.isSubmitting}>
            Avbryt
          </Button>
          <Button type="submit" disabled={!TOTP_CODE_PATTERN.test(form.values.code)} loading={form.isSubmitting}>
            Verifiera och aktivera
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
