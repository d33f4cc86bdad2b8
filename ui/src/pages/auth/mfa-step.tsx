import { LockClosedIcon } from '@radix-ui/react-icons';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { FormField } from '../../components/form-field';
import { useToast } from '../../components/toast';
import { useAuth } from '../../lib/auth';
import { authErrorMessage } from './auth-errors';

const CODE_PATTERN = /^\d{6}$/;

/** The second sign-in step for users with a TOTP factor: challenge + verify gives an aal2 session. */
export function MfaStep() {
  const { verifyMfa, signOut } = useAuth();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsSubmitting(true);
    try {
      await verifyMfa(code);
      toast({ title: 'Välkommen tillbaka! Du har loggats in.', variant: 'success' });
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toast({ title: 'Inloggning misslyckades', description: authErrorMessage(error), variant: 'destructive' });
      setCode('');
      setIsSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)}>
      <Flex direction="column" gap="4">
        <Flex align="center" gap="3">
          <Flex align="center" justify="center" className="icon-tile" aria-hidden>
            <LockClosedIcon width="18" height="18" />
          </Flex>
          <Heading as="h2" size="4">
            Tvåstegsverifiering
          </Heading>
        </Flex>
        <Text size="2" color="gray">
          Ange koden från din autentiseringsapp
        </Text>
        <FormField
          label="Verifieringskod"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          placeholder="123456"
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <Button type="submit" size="3" disabled={isSubmitting || !CODE_PATTERN.test(code)}>
          {isSubmitting ? 'Verifierar...' : 'Verifiera'}
        </Button>
        <Button type="button" size="3" variant="soft" color="gray" onClick={() => void signOut()}>
          Avbryt
        </Button>
      </Flex>
    </form>
  );
}
