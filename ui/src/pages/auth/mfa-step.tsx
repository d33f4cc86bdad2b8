import { LockClosedIcon } from '@radix-ui/react-icons';
import { Button, Flex, Heading, Skeleton, Text } from '@radix-ui/themes';
import { useLocation } from 'wouter';
import { useMfaFactors } from '../../api/auth';
import { MfaEnrollmentFlow } from '../../components/mfa-enrollment';
import { useToast } from '../../components/toast';
import { TOTP_CODE_PATTERN, TotpCodeField } from '../../components/totp-code-field';
import { useAuth } from '../../lib/auth';
import { useForm } from '../../lib/use-form';
import { authFailure } from './auth-errors';

const WELCOME = 'Välkommen tillbaka! Du har loggats in.';

/**
 * The second sign-in step: a code from the user's authenticator app gives an aal2 session. A user
 * without a verified factor whose organisation requires one sets up the app here first.
 */
export function MfaStep({ redirectTo }: { redirectTo: string }) {
  const { signOut } = useAuth();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const { data: factors } = useMfaFactors();
  const hasVerifiedFactor = factors?.some((factor) => factor.status === 'verified');
  const done = () => {
    toast({ title: WELCOME, variant: 'success' });
    navigate(redirectTo, { replace: true });
  };

  return (
    <Flex direction="column" gap="4">
      <Flex align="center" gap="3">
        <Flex align="center" justify="center" className="icon-tile" aria-hidden>
          <LockClosedIcon width="18" height="18" />
        </Flex>
        <Heading as="h2" size="4">
          Tvåstegsverifiering
        </Heading>
      </Flex>
      {!factors ? (
        <Skeleton height="96px" />
      ) : hasVerifiedFactor ? (
        <>
          <CodeForm onVerified={done} />
          <Button type="button" size="3" variant="soft" color="gray" onClick={() => void signOut()}>
            Avbryt
          </Button>
        </>
      ) : (
        <>
          <Text size="2" color="gray">
            Organisationen kräver tvåstegsverifiering. Koppla en autentiseringsapp till ditt konto för att fortsätta.
          </Text>
          {/* Its 'Avbryt' drops the unfinished factor and signs out, as the code step's does. */}
          <MfaEnrollmentFlow onVerified={done} onCancel={() => void signOut()} />
        </>
      )}
    </Flex>
  );
}

function CodeForm({ onVerified }: { onVerified(): void }) {
  const { verifyMfa } = useAuth();
  const form = useForm(
    { code: '' },
    {
      failure: authFailure('Inloggning misslyckades'),
      // A refused code is typed again from the start.
      onFailure: () => form.set({ code: '' }),
      async submit({ code }) {
        await verifyMfa(code);
        onVerified();
      },
    },
  );

  return (
    <form onSubmit={form.onSubmit}>
      <Flex direction="column" gap="4">
        <Text size="2" color="gray">
          Ange koden från din autentiseringsapp
        </Text>
        <TotpCodeField value={form.values.code} onChange={(code) => form.set({ code })} autoFocus />
        <Button type="submit" size="3" disabled={form.isSubmitting || !TOTP_CODE_PATTERN.test(form.values.code)}>
          {form.isSubmitting ? 'Verifierar...' : 'Verifiera'}
        </Button>
      </Flex>
    </form>
  );
}
